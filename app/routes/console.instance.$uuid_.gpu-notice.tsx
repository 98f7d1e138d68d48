import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GpuNoticePanel, showsGpuNotice, StartNow } from "~/components/instances/GpuNotice";
import { FieldError } from "~/components/ui/Field";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { getGpuFreeNotice } from "~/upstream/gpu-notice.server";
import { formAction } from "~/utils/action.server";
import { instancePath } from "~/utils/console-paths";
import {
  cancelGpuNoticeConfirmed,
  CancelGpuNoticeSchema,
  subscribeGpuNoticeConfirmed,
  SubscribeGpuNoticeSchema,
} from "~/utils/gpu-notice.server";
import { BILLING_LABELS, STATE_LABELS } from "~/utils/instance-text";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "GPU 空闲通知 · 算力云" }];

/**
 * The GPU free notice (decision 092): a stopped hourly instance whose host lacks its GPUs asks to be told once when
 * they are free (空闲时通知我, intent `subscribe`), or cancels the waiting notice (`cancel`); both go back to the
 * instance. The HOST_GPU_BUSY refusal of a start links here; a refusal comes back beside its field.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireUser(request);
    return { view: await getGpuFreeNotice(token, params.uuid ?? "") };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireUser,
    intents: (intent) => ({
      subscribe: intent(SubscribeGpuNoticeSchema, async (input, { guard }) =>
        redirectWithToast(instancePath(input.instance_uuid), {
          type: "success",
          message: await subscribeGpuNoticeConfirmed(guard.token, input),
        }),
      ),
      cancel: intent(CancelGpuNoticeSchema, async (input, { guard }) =>
        redirectWithToast(instancePath(input.instance_uuid), {
          type: "success",
          message: await cancelGpuNoticeConfirmed(guard.token, input),
        }),
      ),
    }),
  });
}

export default function GpuNoticePage() {
  const { view } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const i = view.Instance;
  const refused = result?.formError ?? result?.fieldErrors.gpu_free_now;
  return (
    <>
      <h1>GPU 空闲通知</h1>
      <Panel>
        <PanelTitle>
          {i.Name}（{STATE_LABELS[i.State]} · {BILLING_LABELS[i.BillingMode]}）
        </PanelTitle>
        {refused && (
          <FieldError role="alert" data-testid="gpu-notice-error">
            {refused}
          </FieldError>
        )}
        {showsGpuNotice(view) ? (
          <GpuNoticePanel view={view} errors={result?.fieldErrors} values={result?.values} />
        ) : view.Refusal?.StartNow && i.State === "stopped" ? (
          <StartNow uuid={i.InstanceUuid} reason={view.Refusal.Reason} />
        ) : (
          <p data-testid="gpu-notice-refused">{view.Refusal?.Reason}</p>
        )}
        <p>
          <Link to={instancePath(i.InstanceUuid)}>返回实例</Link>
        </p>
      </Panel>
    </>
  );
}
