import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ApplyInvoiceForm } from "~/components/invoices/ApplyInvoiceForm";
import { resultFor } from "~/components/invoices/form-result";
import { InvoiceableFigure } from "~/components/invoices/InvoiceableFigure";
import { InvoiceTable } from "~/components/invoices/InvoiceTable";
import { InvoiceTitles } from "~/components/invoices/InvoiceTitles";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/Pagination";
import {
  addInvoiceTitle,
  applyForInvoice,
  deleteInvoiceTitle,
  getInvoiceable,
  getInvoices,
  getInvoiceTitles,
  requestInvoiceReversal,
  updateInvoiceTitle,
} from "~/upstream/invoices.server";
import { formAction } from "~/utils/action.server";
import { requireMainAccount } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { idempotencyKey } from "../../platform/rules/finance";
import * as field from "../../platform/rules/fields";
import { fenToYuan, formatMoney } from "../../platform/rules/money";
import { pageOf } from "~/utils/page-number";

export const meta: MetaFunction = () => [{ title: "发票管理 · 算力云" }];

const PATH = "/console/invoice";
const PAGE_SIZE = 10;
const REFUSAL = "子账号不能申请发票，请使用主账号登录";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireMainAccount(request, REFUSAL);
    const page = pageOf(request);
    const [figure, titles, list] = await Promise.all([
      getInvoiceable(token),
      getInvoiceTitles(token),
      getInvoices(token, page, PAGE_SIZE),
    ]);
    // A fresh key with every render of the form: posting it twice records one application.
    return { figure, titles: titles.list, list, page, operationKey: crypto.randomUUID() };
  });
}

const id = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, "编号无效")
  .transform(Number);
const optionalText = (label: string, max: number) =>
  z.union([z.literal(""), field.requiredText(label, max)]).optional();
const TitleForm = z.object({
  kind: z.enum(["personal", "enterprise"], { errorMap: () => ({ message: "请选择抬头类型" }) }),
  name: field.requiredText("抬头名称", 100),
  tax_number: optionalText("纳税人识别号", 18),
  bank_name: optionalText("开户银行", 100),
  bank_account: optionalText("银行账号", 40),
  address: optionalText("注册地址", 200),
  phone: optionalText("注册电话", 20),
});
const ApplyForm = z.object({
  kind: z.enum(["normal", "special"], { errorMap: () => ({ message: "请选择发票类型" }) }),
  title_id: id,
  amount: field.amountFen,
  email: field.email,
  idempotency_key: idempotencyKey,
});
const ConfirmForm = (message: string) => z.object({ id, confirm: field.ticked(message) });

export async function action({ request }: ActionFunctionArgs) {
  const done = (message: string) => redirectWithToast(PATH, { message });
  return formAction(request, {
    guard: (r) => requireMainAccount(r, REFUSAL),
    intents: (intent) => ({
      add_title: intent(TitleForm, async (input, { guard }) => {
        await addInvoiceTitle(guard.token, input);
        return done(`发票抬头「${input.name}」已保存`);
      }),
      edit_title: intent(TitleForm.extend({ id }), async (input, { guard }) => {
        await updateInvoiceTitle(guard.token, input);
        return done(`发票抬头「${input.name}」已保存`);
      }),
      delete_title: intent(ConfirmForm("请勾选确认删除"), async ({ id }, { guard }) => {
        await deleteInvoiceTitle(guard.token, id);
        return done("发票抬头已删除");
      }),
      apply: intent(ApplyForm, async (input, { guard }) => {
        const invoice = await applyForInvoice(guard.token, { ...input, amount: fenToYuan(input.amount) });
        return done(`开票申请已提交（${formatMoney(input.amount)}），状态：申请中（编号 ${invoice.Id}）`);
      }),
      reverse: intent(ConfirmForm("请勾选确认红冲"), async ({ id }, { guard }) => {
        await requestInvoiceReversal(guard.token, id);
        return done("红冲申请已提交，财务确认后该金额可重新开票或提现");
      }),
    }),
  });
}

export default function InvoicePage() {
  const { figure, titles, list, page, operationKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>发票管理</h1>
      <InvoiceableFigure figure={figure} />
      {figure.Kinds.length > 0 && (
        <ApplyInvoiceForm
          kinds={figure.Kinds}
          titles={titles}
          operationKey={operationKey}
          result={resultFor(result, "apply")}
        />
      )}
      <InvoiceTitles titles={titles} result={result} />
      <Panel aria-labelledby="invoice-list-title">
        <PanelTitle id="invoice-list-title">开票记录</PanelTitle>
        {list.list.length === 0 ? (
          <p>暂无开票记录</p>
        ) : (
          <>
            <InvoiceTable invoices={list.list} result={result} />
            <Pagination page={page} pageSize={PAGE_SIZE} total={list.total} hrefFor={(p) => `${PATH}?page=${p}`} />
          </>
        )}
      </Panel>
    </>
  );
}
