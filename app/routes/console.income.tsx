import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { CommissionEntries, CommissionWithdrawals } from "~/components/partner/IncomeTables";
import { Field } from "~/components/ui/Field";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import {
  getIncome,
  getPartnerStanding,
  withdrawCommissionToBank,
  withdrawCommissionToWallet,
} from "~/upstream/partner.server";
import { formAction } from "~/utils/action.server";
import { requirePartnerProgramAccount } from "~/utils/partner.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { redirectWithToast } from "~/utils/toast.server";
import { AMOUNT_INVALID, formatWireMoney, isAmountText } from "../../platform/rules/money";

export const meta: MetaFunction = () => [{ title: "我的收益 · 算力云" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requirePartnerProgramAccount(request);
    const standing = await getPartnerStanding(token);
    if (!standing.IsPartner) return { income: null, keys: null };
    // One key per rendering of each form: a second submission of the same form moves nothing more.
    return { income: await getIncome(token), keys: { wallet: randomUUID(), bank: randomUUID() } };
  });
}

const WithdrawSchema = z.object({
  amount: z
    .string({ required_error: "请输入提现金额" })
    .trim()
    .min(1, "请输入提现金额")
    .max(24, AMOUNT_INVALID)
    .refine(isAmountText, AMOUNT_INVALID),
  operation_key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "请求有误，请刷新页面后重试"),
});

const WithdrawToBankSchema = WithdrawSchema.extend({
  account: z
    .string({ required_error: "请填写收款账户" })
    .trim()
    .min(1, "请填写收款账户")
    .max(200, "收款账户不超过 200 个字"),
});

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requirePartnerProgramAccount,
    intents: (intent) => ({
      "withdraw-wallet": intent(WithdrawSchema, async (input, { guard }) => {
        const done = await withdrawCommissionToWallet(guard.token, input.amount, input.operation_key);
        return redirectWithToast("/console/income", {
          type: "success",
          message: `已将 ${formatWireMoney(done.Amount)} 佣金转入账户余额`,
        });
      }),
      "withdraw-bank": intent(WithdrawToBankSchema, async (input, { guard }) => {
        const done = await withdrawCommissionToBank(guard.token, input.amount, input.account, input.operation_key);
        return redirectWithToast("/console/income", {
          type: "success",
          message: `提现申请已提交，${formatWireMoney(done.Amount)} 佣金已冻结，审核通过后打款`,
        });
      }),
    }),
  });
}

export default function IncomePage() {
  const { income, keys } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // Each form shows only its own answer.
  const walletResult = result?.intent === "withdraw-wallet" ? result : undefined;
  const bankResult = result?.intent === "withdraw-bank" ? result : undefined;
  if (!income)
    return (
      <>
        <h1>我的收益</h1>
        <Panel>
          <p>
            您还不是销售合伙人。<Link to="/console/salesDashboard">了解销售合伙人计划</Link>
          </p>
        </Panel>
      </>
    );
  const s = income.Summary;
  return (
    <>
      <h1>我的收益</h1>
      <Panel>
        <PanelTitle>佣金汇总</PanelTitle>
        <p>
          待结算 <strong data-testid="income-pending">{formatWireMoney(s.Pending)}</strong>，已结算{" "}
          <strong data-testid="income-settled">{formatWireMoney(s.Settled)}</strong>，已提现{" "}
          <strong data-testid="income-withdrawn">{formatWireMoney(s.Withdrawn)}</strong>，可提现{" "}
          <strong data-testid="income-available">{formatWireMoney(s.Available)}</strong>
        </p>
        <p>待结算佣金按当月已发生的消费估算，当月结束 15 天后按当月档位结算；退款会扣回佣金。</p>
      </Panel>
      <Panel>
        <PanelTitle>转入余额</PanelTitle>
        <p>即时到账，转入的金额可用于租用实例，不可开票，也不能再提现。</p>
        {walletResult?.formError && <p role="alert">{walletResult.formError}</p>}
        <Form method="post">
          <input type="hidden" name="operation_key" value={keys?.wallet ?? ""} />
          <Field
            label="转入金额（元）"
            name="amount"
            inputMode="decimal"
            defaultValue={walletResult?.values.amount ?? ""}
            error={walletResult?.fieldErrors.amount}
          />
          <StatusButton intent="withdraw-wallet">转入余额</StatusButton>
        </Form>
      </Panel>
      <Panel>
        <PanelTitle>提现到银行卡</PanelTitle>
        <p>提交后金额立即冻结，财务审核通过后打款（1–3 个工作日）；驳回时金额退回可提现佣金。</p>
        {bankResult?.formError && <p role="alert">{bankResult.formError}</p>}
        <Form method="post">
          <input type="hidden" name="operation_key" value={keys?.bank ?? ""} />
          <Field
            label="提现金额（元）"
            name="amount"
            inputMode="decimal"
            defaultValue={bankResult?.values.amount ?? ""}
            error={bankResult?.fieldErrors.amount}
          />
          <Field
            label="收款账户（开户行、卡号、户名）"
            name="account"
            defaultValue={bankResult?.values.account ?? ""}
            error={bankResult?.fieldErrors.account}
          />
          <StatusButton intent="withdraw-bank">申请提现</StatusButton>
        </Form>
      </Panel>
      <Panel>
        <PanelTitle>佣金明细</PanelTitle>
        <CommissionEntries entries={income.Entries} />
      </Panel>
      <Panel>
        <PanelTitle>提现记录</PanelTitle>
        <CommissionWithdrawals withdrawals={income.Withdrawals} />
      </Panel>
    </>
  );
}
