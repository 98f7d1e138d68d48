import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { FieldError } from "~/components/ui/Field";
import { Panel } from "~/components/ui/layout";
import { RevokeForm, RevokeQuestion } from "~/components/work-orders/RevokeWorkOrder";
import { getWorkOrder, revokeWorkOrder } from "~/upstream/work-orders.server";
import { formAction } from "~/utils/action.server";
import { myWorkOrderDetailPath } from "~/utils/console-paths";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { idParam, workOrderCaller } from "~/utils/work-order-view.server";

export const meta: MetaFunction = () => [{ title: "撤销工单 · 算力云" }];

const NOT_FOUND = "工单不存在或无权访问";

/** The confirm page for revoking without JavaScript (the detail page's dialog posts here too): GET asks, POST does it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idParam(params.id, NOT_FOUND);
  return loadPage(request, async () => {
    const { token } = await requireUser(request);
    const order = await getWorkOrder(workOrderCaller(request, token), id);
    return { id: order.id, title: order.title, canRevoke: order.can_revoke, statusLabel: order.status_label };
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = idParam(params.id, NOT_FOUND);
  return formAction(request, {
    guard: requireUser,
    intents: (intent) => ({
      revoke: intent(z.object({}), async (_, { request, guard }) => {
        await revokeWorkOrder(workOrderCaller(request, guard.token), id);
        return redirectWithToast(myWorkOrderDetailPath(id), { type: "success", message: "工单已撤销" });
      }),
    }),
  });
}

export default function RevokeWorkOrderPage() {
  const { id, title, canRevoke, statusLabel } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const back = <Link to={myWorkOrderDetailPath(id)}>返回工单</Link>;
  return (
    <>
      <h1>撤销工单</h1>
      <Panel>
        {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
        {canRevoke ? (
          <>
            <RevokeQuestion title={title} />
            <RevokeForm id={id} cancel={back} />
          </>
        ) : (
          <p>
            该工单{statusLabel}，不能撤销。{back}
          </p>
        )}
      </Panel>
    </>
  );
}
