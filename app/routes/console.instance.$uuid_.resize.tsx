import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ResizeChoices, ResizeConfirm } from "~/components/instances/ResizeInstance";
import { FieldError } from "~/components/ui/Field";
import { Panel } from "~/components/ui/layout";
import { formAction } from "~/utils/action.server";
import { instancePath } from "~/utils/console-paths";
import { loadResizePage, resizeConfirmed, ResizeSchema } from "~/utils/resize.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "调整配置 · 算力云" }];

/** Resizing an instance (decision 081): GET lists the GPU counts with their prices, `?gpu_count=` confirms one; POST applies it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireUser(request);
    return loadResizePage(token, params.uuid ?? "", new URL(request.url));
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireUser,
    intents: (intent) => ({
      resize: intent(ResizeSchema, async (input, { guard }) => {
        const done = await resizeConfirmed(guard.token, input);
        return redirectWithToast(instancePath(input.instance_uuid), { type: "success", message: done.message });
      }),
    }),
  });
}

export default function ResizeInstancePage() {
  const { instance, blocked, options, chosen, choiceError, operationKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const refused = result?.fieldErrors.gpu_count ?? result?.formError ?? null;
  return (
    <>
      <h1>调整配置</h1>
      <Panel>
        {blocked && !chosen && (
          <p data-testid="resize-blocked">
            {blocked}。<Link to={instancePath(instance.InstanceUuid)}>返回实例</Link>
          </p>
        )}
        {chosen ? (
          <ResizeConfirm instance={instance} option={chosen} operationKey={operationKey} error={refused} />
        ) : (
          options.length > 0 && <ResizeChoices instance={instance} options={options} error={choiceError} />
        )}
        {!chosen && refused && <FieldError role="alert">{refused}</FieldError>}
      </Panel>
    </>
  );
}
