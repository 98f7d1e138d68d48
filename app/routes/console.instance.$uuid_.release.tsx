import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ReleaseForm, ReleaseQuestion } from "~/components/instances/ReleaseInstance";
import { FieldError } from "~/components/ui/Field";
import { Panel } from "~/components/ui/layout";
import { getInstanceDetail } from "~/upstream/instances.server";
import { formAction } from "~/utils/action.server";
import { releaseConfirmed, ReleaseSchema } from "~/utils/instance-actions.server";
import { allowedIntents, STATE_LABELS } from "~/utils/instance-text";
import { instanceListOf, instancePath } from "~/utils/console-paths";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "释放实例 · 算力云" }];

/** The confirm page for releasing (the dialog posts here too): GET asks for the name, POST releases. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireUser(request);
    const instance = await getInstanceDetail(token, params.uuid ?? "");
    return {
      uuid: instance.InstanceUuid,
      name: instance.Name,
      billingMode: instance.BillingMode,
      stateLabel: STATE_LABELS[instance.State],
      canRelease: allowedIntents(instance).includes("release"),
      from: instanceListOf(request.url),
    };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireUser,
    intents: (intent) => ({
      release: intent(ReleaseSchema, async (input, { guard }) => {
        const released = await releaseConfirmed(guard.token, input);
        return redirectWithToast(instanceListOf(request.url), {
          type: "success",
          message: `实例「${released.Name}」${STATE_LABELS[released.State]}，磁盘数据将被删除`,
        });
      }),
    }),
  });
}

export default function ReleaseInstancePage() {
  const { uuid, name, billingMode, stateLabel, canRelease, from } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const back = <Link to={instancePath(uuid)}>返回实例</Link>;
  return (
    <>
      <h1>释放实例</h1>
      <Panel>
        {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
        {canRelease ? (
          <>
            <ReleaseQuestion uuid={uuid} name={name} billingMode={billingMode} />
            <ReleaseForm
              uuid={uuid}
              from={from}
              cancel={back}
              error={result?.fieldErrors.confirm_name}
              typed={result?.values.confirm_name}
            />
          </>
        ) : (
          <p>
            实例{stateLabel}，当前不能释放。{back}
          </p>
        )}
      </Panel>
    </>
  );
}
