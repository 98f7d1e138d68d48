import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { RefundForm, RefundQuestion } from "~/components/instances/StopWithRefund";
import { FieldError } from "~/components/ui/Field";
import { Panel } from "~/components/ui/layout";
import { formAction } from "~/utils/action.server";
import { instanceListOf, instancePath } from "~/utils/console-paths";
import {
  loadStopWithRefund,
  refundToast,
  stopWithRefundConfirmed,
  StopWithRefundSchema,
} from "~/utils/instance-refund.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "提前结束套餐并退款 · 算力云" }];

/** The confirm page (the dialog loads it and posts here too): GET shows the exact refund, POST ends the package. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireUser(request);
    return { ...(await loadStopWithRefund(token, params.uuid ?? "")), from: instanceListOf(request.url) };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireUser,
    intents: (intent) => ({
      stop_with_refund: intent(StopWithRefundSchema, async (input, { guard }) => {
        const done = await stopWithRefundConfirmed(guard.token, input);
        return redirectWithToast(instanceListOf(request.url), { type: "success", message: refundToast(done) });
      }),
    }),
  });
}

export default function StopWithRefundPage() {
  const { uuid, name, preview, refusal, from } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const back = <Link to={instancePath(uuid)}>返回实例</Link>;
  return (
    <>
      <h1>提前结束套餐并退款</h1>
      <Panel>
        {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
        {preview ? (
          <>
            <RefundQuestion name={name} preview={preview} />
            <RefundForm
              uuid={uuid}
              from={from}
              refundFen={preview.RefundFen}
              cancel={back}
              error={result?.fieldErrors.confirm_name}
              typed={result?.values.confirm_name}
            />
          </>
        ) : (
          <p data-testid="refund-refused">
            {refusal} {back}
          </p>
        )}
      </Panel>
    </>
  );
}
