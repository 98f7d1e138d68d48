import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { DEFAULT_AMOUNT } from "~/components/payment/pay-types";
import { RechargeWithDialog } from "~/components/payment/RechargeFlow";
import { Muted, Panel, PanelTitle } from "~/components/ui/layout";
import { createQrcode, type PayType } from "~/upstream/payments.server";
import { formAction } from "~/utils/action.server";
import { payPath } from "~/utils/console-paths";
import { paymentView } from "~/utils/payment-view.server";
import { requireMainAccount } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { balanceLines, userFigures } from "~/utils/user-figures";
import { fenToYuan, parseYuanToFen } from "../../platform/rules/money";
import * as field from "../../platform/rules/fields";

export const meta: MetaFunction = () => [{ title: "充值 · 算力云" }];

const SUB_REFUSAL = "子账号不能充值，请联系主账号";

/** The amount to prefill: `?amount=` when it is a valid amount (the fast-pay fallback), else 100. */
function prefilledAmount(url: URL): string {
  const asked = url.searchParams.get("amount");
  const fen = asked ? parseYuanToFen(asked) : null;
  return fen && fen > 0 ? fenToYuan(fen).replace(/\.00$/, "") : DEFAULT_AMOUNT;
}

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { user } = await requireMainAccount(request, SUB_REFUSAL);
    const url = new URL(request.url);
    const payType = url.searchParams.get("pay_type");
    return {
      user,
      amount: prefilledAmount(url),
      payType: (payType === "0" || payType === "2" ? Number(payType) : 1) as PayType,
    };
  });
}

const PaySchema = z.object({
  amount: field.topUpAmountFen,
  pay_type: z.enum(["0", "1", "2"], { errorMap: () => ({ message: "请选择支付方式" }) }).transform(Number),
  reply: z.enum(["dialog"]).optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: (r) => requireMainAccount(r, SUB_REFUSAL),
    intents: (intent) => ({
      pay: intent(PaySchema, async ({ amount, pay_type, reply }, { guard }) => {
        const order = await createQrcode(guard.token, fenToYuan(amount), pay_type as PayType);
        // The QR payment dialog (JavaScript) gets the panel's data; a page post goes to the payment page.
        if (reply === "dialog")
          return Response.json({ view: await paymentView(guard.token, guard.user, order.out_trade_no) });
        return redirect(payPath(order.out_trade_no));
      }),
    }),
  });
}

export default function RechargePage() {
  const { user, amount, payType } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const figures = userFigures(user);
  const errors = result && "fieldErrors" in result ? result : null;
  const values = { amount: errors?.values.amount ?? amount, payType: payTypeOf(errors?.values.pay_type) ?? payType };
  return (
    <>
      <h1>充值</h1>
      <Panel>
        <PanelTitle>账户余额</PanelTitle>
        <p>
          {balanceLines(figures)
            .map((line) => `${line.label}：${line.value}`)
            .join("　")}
        </p>
        <Muted>充值金额优先偿还授信欠款（恢复授信额度），其余计入可用余额。累计充值决定会员等级。</Muted>
      </Panel>
      <Panel>
        <PanelTitle>在线充值</PanelTitle>
        <RechargeWithDialog
          values={values}
          pageErrors={{
            amount: errors?.fieldErrors.amount,
            payType: errors?.fieldErrors.pay_type,
            form: errors?.formError,
          }}
        />
      </Panel>
    </>
  );
}

function payTypeOf(value: string | undefined): PayType | null {
  return value === "0" || value === "1" || value === "2" ? (Number(value) as PayType) : null;
}
