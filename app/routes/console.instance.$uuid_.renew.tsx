import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { RenewChoiceForm, RenewConfirm } from "~/components/instances/RenewForm";
import { TermText } from "~/components/instances/InstanceTable";
import { FieldError } from "~/components/ui/Field";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { getInstanceDetail } from "~/upstream/instances.server";
import { formAction } from "~/utils/action.server";
import { BILLING_LABELS, STATE_LABELS } from "~/utils/instance-text";
import { instancePath } from "~/utils/console-paths";
import { readRenewChoice } from "~/utils/renew-choice";
import { quoteRenewal, RENEW_FIELD_ALIASES, renewConfirmed, RenewSchema } from "~/utils/renew.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { RENEWABLE_STATES } from "../../platform/rules/renewal-term";
import { isPackageMode } from "../../platform/rules/rental-price";

export const meta: MetaFunction = () => [{ title: "续费实例 · 算力云" }];

/**
 * The renew page (issue 36 §1): GET with the choice in the query shows its price by the function that charges;
 * 确认续费 posts it (the second ask, with the exact figures) and goes back to the instance with a toast.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireUser(request);
    const instance = await getInstanceDetail(token, params.uuid ?? "");
    const { choice, countError } = readRenewChoice(
      new URL(request.url).searchParams,
      isPackageMode(instance.BillingMode) ? instance.BillingMode : "day",
    );
    const renewable = RENEWABLE_STATES.includes(instance.State);
    const quote =
      !renewable || countError
        ? { preview: null, fieldErrors: countError ? { count: countError } : {}, formError: null }
        : await quoteRenewal(token, instance.InstanceUuid, choice);
    return { instance, renewable, choice, quote, operationKey: randomUUID(), now: new Date().toISOString() };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireUser,
    fieldAliases: RENEW_FIELD_ALIASES,
    intents: (intent) => ({
      renew: intent(RenewSchema, async (input, { guard }) =>
        redirectWithToast(instancePath(input.instance_uuid), {
          type: "success",
          message: await renewConfirmed(guard.token, input),
        }),
      ),
    }),
  });
}

export default function RenewInstancePage() {
  const { instance: i, renewable, choice, quote, operationKey, now } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = { ...quote.fieldErrors, ...result?.fieldErrors };
  const formError = result?.formError ?? quote.formError;
  return (
    <>
      <h1>{i.BillingMode === "hour" ? "转为包时/包天/包月" : "续费实例"}</h1>
      <Panel>
        <PanelTitle>
          {i.Name}（{STATE_LABELS[i.State]} · {BILLING_LABELS[i.BillingMode]}）
        </PanelTitle>
        <p>
          {i.GpuName} × {i.GpuCount} · {i.RegionName} · 到期：
          <TermText instance={i} now={now} />
        </p>
        {formError && (
          <FieldError role="alert" data-testid="renew-error">
            {formError}
          </FieldError>
        )}
        {renewable ? (
          <>
            <RenewChoiceForm uuid={i.InstanceUuid} choice={choice} preview={quote.preview} errors={errors} />
            {quote.preview && (
              <RenewConfirm
                uuid={i.InstanceUuid}
                choice={choice}
                preview={quote.preview}
                operationKey={operationKey}
                billingMode={i.BillingMode}
              />
            )}
          </>
        ) : (
          <p>实例{STATE_LABELS[i.State]}，当前不能续费（仅运行中或已关机的实例可以续费）。</p>
        )}
        <p>
          <Link to={instancePath(i.InstanceUuid)}>返回实例</Link>
        </p>
      </Panel>
    </>
  );
}
