import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { StartWithoutGpuConfirm } from "~/components/instances/StartWithoutGpu";
import { FieldError } from "~/components/ui/Field";
import { Panel } from "~/components/ui/layout";
import { getNoGpuPreview, startWithoutGpu } from "~/upstream/host.server";
import { formAction } from "~/utils/action.server";
import { instancePath } from "~/utils/console-paths";
import { InstanceRef } from "~/utils/instance-actions.server";
import { STATE_LABELS } from "~/utils/instance-text";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "无卡模式开机 · 算力云" }];

/** Starting without GPU (decision 086): GET shows the price, the limits and what survives; POST starts it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireUser(request);
    return getNoGpuPreview(token, params.uuid ?? "");
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireUser,
    intents: (intent) => ({
      start_without_gpu: intent(InstanceRef, async (input, { guard }) => {
        const started = await startWithoutGpu(guard.token, input.instance_uuid);
        return redirectWithToast(instancePath(input.instance_uuid), {
          type: "success",
          message: `实例「${started.Name}」无卡模式${STATE_LABELS[started.State]}`,
        });
      }),
    }),
  });
}

export default function StartWithoutGpuPage() {
  const preview = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>无卡模式开机</h1>
      <Panel>
        {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
        {preview.Blocked ? (
          <p data-testid="no-gpu-blocked">
            {preview.Blocked}。<Link to={instancePath(preview.Instance.InstanceUuid)}>返回实例</Link>
          </p>
        ) : (
          <StartWithoutGpuConfirm preview={preview} />
        )}
      </Panel>
    </>
  );
}
