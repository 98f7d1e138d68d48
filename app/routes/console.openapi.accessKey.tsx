import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CreateKeyPanel } from "~/components/open-api/CreateKeyPanel";
import { KeyList } from "~/components/open-api/KeyList";
import { createOpenApiKey, deleteOpenApiKey, listOpenApiKeys, OPEN_API_SCOPE_LABELS } from "~/upstream/open-api.server";
import { formAction } from "~/utils/action.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { CreateKeyForm, DeleteKeyForm, requireKeyOwner } from "~/utils/open-api-key-forms.server";

export const meta: MetaFunction = () => [{ title: "访问密钥 · 开放API · 算力云" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireKeyOwner(request);
    // The labels travel with the data: app/upstream is server-only, so components get them from the loader.
    return { ...(await listOpenApiKeys(token)), scopeLabels: OPEN_API_SCOPE_LABELS };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireKeyOwner,
    intents: (intent) => ({
      create: intent(CreateKeyForm, async (input, { guard }) => {
        const created = await createOpenApiKey(guard.token, {
          name: input.name,
          scopes: input.scopes.join(","),
          allowed_addresses: input.allowed_addresses,
          expires_on: input.expires_on || undefined,
        });
        // The secret goes back in this answer only: the page shows it once, it is in no URL and no cookie.
        return {
          notice: `访问密钥“${created.key.name}”已创建`,
          values: { created_key_id: created.key.access_key_id, created_secret: created.secret },
        };
      }),
      delete: intent(DeleteKeyForm, async ({ id }, { guard }) => {
        await deleteOpenApiKey(guard.token, Number(id));
        return redirectWithToast("/console/openapi/accessKey", { message: "访问密钥已删除，使用它的请求将被拒绝" });
      }),
    }),
    fieldAliases: { expires_at: "expires_on" },
  });
}

export default function AccessKeyPage() {
  const { keys, max_keys, scopeLabels } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const createResult = result?.intent === "create" ? result : null;
  return (
    <>
      <h1>开放API · 访问密钥</h1>
      <p>
        使用访问密钥签名请求，即可通过开放API管理实例、查询算力市场和财务记录。签名方法与示例见
        <a href="/docs/open-api-signing">开放API文档</a>。
      </p>
      <CreateKeyPanel count={keys.length} max={max_keys} labels={scopeLabels} result={createResult} />
      <KeyList
        keys={keys}
        labels={scopeLabels}
        error={result?.intent === "delete" ? (result.fieldErrors.id ?? result.formError) : null}
      />
    </>
  );
}
