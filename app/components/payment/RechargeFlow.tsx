import { useFetcher, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import type { ActionResult } from "~/utils/action.server";
import { paymentResourcePath } from "~/utils/console-paths";
import { Dialog } from "../ui/Dialog";
import { QrPaymentPanel, type PaymentView } from "./QrPaymentPanel";
import { RechargeForm, type RechargeFormErrors, type RechargeFormValues } from "./RechargeForm";

/** What /console/recharge answers a dialog's post: the new order's panel, or the form's errors. */
type RechargeReply = { view: PaymentView } | ActionResult;

const viewOf = (reply: RechargeReply | undefined) => (reply && "view" in reply ? reply.view : null);

/**
 * The QR payment panel of an order made from a dialog: it reloads its data
 * (resources/payment/<out_trade_no>) when the order changes, and refreshes the user's
 * info (the bar's balance and tier) at the same time (spec §4).
 */
function LivePayment({ initial }: { initial: PaymentView }) {
  const [view, setView] = useState(initial);
  const revalidator = useRevalidator();
  const reload = async () => {
    // A plain request to the resource route: the panel's data, not a navigation of the page.
    const response = await fetch(paymentResourcePath(view.order.out_trade_no), {
      headers: { accept: "application/json" },
    });
    if (response.ok) setView(((await response.json()) as { view: PaymentView }).view);
    revalidator.revalidate();
  };
  return <QrPaymentPanel view={view} onChange={() => void reload()} />;
}

function useRechargeFetcher() {
  const submit = useFetcher<RechargeReply>();
  const errors = submit.data && "fieldErrors" in submit.data ? submit.data : null;
  return {
    submit,
    view: viewOf(submit.data),
    errors: { amount: errors?.fieldErrors.amount, payType: errors?.fieldErrors.pay_type, form: errors?.formError },
  };
}

/**
 * The top-up form of /console/recharge. Without JavaScript it posts the page
 * and `pageErrors` are the action's; with JavaScript it posts in place and
 * opens the QR payment dialog with the new order (spec §2 "QR payment"). It is
 * the same form before and after hydration, so what was typed before the
 * page's JavaScript arrived stays typed.
 */
export function RechargeWithDialog({
  values,
  pageErrors,
}: {
  values: RechargeFormValues;
  pageErrors: RechargeFormErrors;
}) {
  const { submit, view, errors } = useRechargeFetcher();
  const [closed, setClosed] = useState<string | null>(null);
  const open = view !== null && closed !== view.order.out_trade_no;
  return (
    <>
      <RechargeForm values={values} errors={submit.data ? errors : pageErrors} fetcher={submit} />
      {view && (
        <Dialog
          open={open}
          onOpenChange={(next) => !next && setClosed(view.order.out_trade_no)}
          title={view.order.pay_type === 2 ? "对公转账" : "扫码支付"}
        >
          <LivePayment key={view.order.out_trade_no} initial={view} />
        </Dialog>
      )}
    </>
  );
}

/** The quick top-up dialog's body (spec §2): the form, then the payment of the order it made. */
export function QuickTopUpBody({ values }: { values: RechargeFormValues }) {
  const { submit, view, errors } = useRechargeFetcher();
  if (view) return <LivePayment key={view.order.out_trade_no} initial={view} />;
  return <RechargeForm values={values} errors={errors} fetcher={submit} />;
}
