import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { CommissionEntries, CommissionWithdrawals } from "~/components/partner/IncomeTables";
import { Field } from "~/components/ui/Field";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import { getIncome, getPartnerStanding, withdrawCommissionToWallet } from "~/upstream/partner.server";
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
    if (!standing.IsPartner) return { income: null, operationKey: null };
    // One key per rendering of the form: a second submission of the same form moves nothing more.
    return { income: await getIncome(token), operationKey: randomUUID() };
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
    }),
  });
}

export default function IncomePage() {
  const { income, operationKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
        {result?.formError && <p role="alert">{result.formError}</p>}
        <Form method="post">
          <input type="hidden" name="operation_key" value={operationKey ?? ""} />
          <Field
            label="转入金额（元）"
            name="amount"
            inputMode="decimal"
            defaultValue={result?.values.amount ?? ""}
            error={result?.fieldErrors.amount}
          />
          <StatusButton intent="withdraw-wallet">转入余额</StatusButton>
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
