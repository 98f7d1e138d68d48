import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PendingShutdown, ShutdownConfirm, ShutdownTimeForm } from "~/components/instances/ScheduledShutdown";
import { FieldError } from "~/components/ui/Field";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { formAction } from "~/utils/action.server";
import { instancePath } from "~/utils/console-paths";
import {
  CancelShutdownSchema,
  cancelShutdownConfirmed,
  loadShutdownPage,
  setShutdownConfirmed,
  SetShutdownSchema,
} from "~/utils/instance-schedule.server";
import { BILLING_LABELS, STATE_LABELS } from "~/utils/instance-text";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { shutdownInputValue, suggestedShutdown } from "../../platform/rules/scheduled-shutdown";

export const meta: MetaFunction = () => [{ title: "定时关机 · 算力云" }];

/**
 * Scheduled shutdown (定时关机, decision 087): GET with `at` shows what stopping then costs; 确认 posts it (the
 * second ask, with the figures and what survives a stop); 取消 posts `cancel`. Both go back to the instance.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireUser(request);
    return loadShutdownPage(token, params.uuid ?? "", new URL(request.url).searchParams.get("at"));
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireUser,
    intents: (intent) => ({
      set: intent(SetShutdownSchema, async (input, { guard }) =>
        redirectWithToast(instancePath(input.instance_uuid), {
          type: "success",
          message: await setShutdownConfirmed(guard.token, input),
        }),
      ),
      cancel: intent(CancelShutdownSchema, async (input, { guard }) =>
        redirectWithToast(instancePath(input.instance_uuid), {
          type: "success",
          message: await cancelShutdownConfirmed(guard.token, input),
        }),
      ),
    }),
  });
}

export default function ShutdownPage() {
  const { view, asked, preview, fieldErrors, formError: loadError } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const i = view.Instance;
  const errors: Record<string, string | undefined> = { ...fieldErrors, ...result?.fieldErrors };
  const formError = result?.formError ?? loadError;
  const value = asked ?? shutdownInputValue(suggestedShutdown(new Date(view.ServerTime)));
  return (
    <>
      <h1>定时关机</h1>
      <Panel>
        <PanelTitle>
          {i.Name}（{STATE_LABELS[i.State]} · {BILLING_LABELS[i.BillingMode]}）
        </PanelTitle>
        {formError && (
          <FieldError role="alert" data-testid="shutdown-error">
            {formError}
          </FieldError>
        )}
        {view.Shutdown && <PendingShutdown uuid={i.InstanceUuid} shutdown={view.Shutdown} />}
        {i.State === "running" ? (
          <>
            <ShutdownTimeForm
              uuid={i.InstanceUuid}
              serverTime={view.ServerTime}
              value={result?.values.shutdown_at ?? value}
              maxDaysAhead={view.MaxDaysAhead}
              error={errors.shutdown_at ?? errors.at}
            />
            {preview && <ShutdownConfirm uuid={i.InstanceUuid} preview={preview} replacing={view.Shutdown !== null} />}
          </>
        ) : (
          !view.Shutdown && <p data-testid="shutdown-refused">仅运行中的实例可以设置定时关机。</p>
        )}
        <p>
          <Link to={instancePath(i.InstanceUuid)}>返回实例</Link>
        </p>
      </Panel>
    </>
  );
}
