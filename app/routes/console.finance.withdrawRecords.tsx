import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { WithdrawalTable } from "~/components/finance/WithdrawalTable";
import { Field, FieldError } from "~/components/ui/Field";
import { Muted, Panel, PanelTitle } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/Pagination";
import { StatusButton } from "~/components/ui/StatusButton";
import { createWithdrawal, getRefundable, getWithdrawals } from "~/upstream/finance.server";
import { formAction } from "~/utils/action.server";
import { requireMainAccount } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { idempotencyKey } from "../../platform/rules/finance";
import * as field from "../../platform/rules/fields";
import { fenToYuan, formatWireMoney } from "../../platform/rules/money";
import { pageOf } from "~/utils/page-number";

export const meta: MetaFunction = () => [{ title: "提现记录 · 算力云" }];

const PATH = "/console/finance/withdrawRecords";
const PAGE_SIZE = 10;
const REFUSAL = "子账号无权申请提现";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireMainAccount(request, REFUSAL);
    const page = pageOf(request);
    const [refundable, list] = await Promise.all([getRefundable(token), getWithdrawals(token, page, PAGE_SIZE)]);
    // A fresh key with every render of the form: posting it twice holds the amount once.
    return { refundable, list, page, idempotencyKey: crypto.randomUUID() };
  });
}

const WithdrawForm = z.object({
  amount: field.amountFen,
  destination: field.requiredText("收款账户", 200),
  idempotency_key: idempotencyKey,
});

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: (r) => requireMainAccount(r, REFUSAL),
    intents: (intent) => ({
      withdraw: intent(WithdrawForm, async (input, { guard }) => {
        const asked = await createWithdrawal(guard.token, {
          amount: fenToYuan(input.amount),
          destination: input.destination,
          idempotency_key: input.idempotency_key,
        });
        return redirectWithToast(PATH, {
          message: `提现申请已提交，${formatWireMoney(asked.Amount)} 已冻结，审核后打款`,
        });
      }),
    }),
  });
}

export default function WithdrawRecordsPage() {
  const { refundable, list, page, idempotencyKey: key } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.fieldErrors ?? {};
  return (
    <>
      <h1>提现记录</h1>
      <Panel>
        <PanelTitle>申请提现</PanelTitle>
        <p>
          可提现金额：<strong data-testid="refundable">{formatWireMoney(refundable.Refundable)}</strong>
          <Muted style={{ marginLeft: 16 }}>
            账户余额 {formatWireMoney(refundable.Money)}，审核中冻结 {formatWireMoney(refundable.Pending)}
          </Muted>
        </p>
        <p>
          <Muted>
            可提现金额为充值后尚未消费的现金；优惠券、算力券和授信额度不可提现。申请后金额立即冻结，驳回后退回余额。
          </Muted>
        </p>
        <Form method="post" noValidate style={{ maxWidth: 460 }}>
          {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
          <input type="hidden" name="idempotency_key" value={key} />
          <Field
            label="提现金额（元）"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={result?.values.amount ?? ""}
            error={errors.amount}
          />
          <Field
            label="收款账户（开户行、账号、户名）"
            name="destination"
            maxLength={200}
            autoComplete="off"
            defaultValue={result?.values.destination ?? ""}
            error={errors.destination}
          />
          <StatusButton intent="withdraw" pendingText="提交中…">
            申请提现
          </StatusButton>
        </Form>
      </Panel>
      <Panel>
        <PanelTitle>提现记录</PanelTitle>
        {list.list.length === 0 ? (
          <p>暂无提现记录</p>
        ) : (
          <>
            <WithdrawalTable withdrawals={list.list} />
            <Pagination page={page} pageSize={PAGE_SIZE} total={list.total} hrefFor={(p) => `${PATH}?page=${p}`} />
          </>
        )}
      </Panel>
    </>
  );
}
