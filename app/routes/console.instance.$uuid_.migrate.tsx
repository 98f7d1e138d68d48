import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { MigrateConfirm } from "~/components/instances/MigrateInstance";
import { FieldError } from "~/components/ui/Field";
import { Panel } from "~/components/ui/layout";
import { formAction } from "~/utils/action.server";
import { instancePath } from "~/utils/console-paths";
import { loadMigratePage, migrateConfirmed, MigrateSchema } from "~/utils/migrate.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "迁移实例 · 算力云" }];

/** Migrating a stopped instance (decision 086): GET shows the hosts with room and asks; POST moves it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireUser(request);
    return loadMigratePage(token, params.uuid ?? "");
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireUser,
    intents: (intent) => ({
      migrate: intent(MigrateSchema, async (input, { guard }) => {
        const done = await migrateConfirmed(guard.token, input);
        return redirectWithToast(instancePath(input.instance_uuid), { type: "success", message: done.message });
      }),
    }),
  });
}

export default function MigrateInstancePage() {
  const { instance, blocked, targets, startsAfter, operationKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const refused = result?.fieldErrors.target_host_id ?? null;
  return (
    <>
      <h1>迁移实例</h1>
      <Panel>
        {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
        {blocked ? (
          <p data-testid="migrate-blocked">
            {blocked}。<Link to={instancePath(instance.InstanceUuid)}>返回实例</Link>
          </p>
        ) : (
          <MigrateConfirm
            instance={instance}
            targets={targets}
            startsAfter={startsAfter}
            operationKey={operationKey}
            error={refused}
          />
        )}
        {blocked && refused && <FieldError role="alert">{refused}</FieldError>}
      </Panel>
    </>
  );
}
