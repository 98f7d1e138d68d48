import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Field, FieldError } from "~/components/ui/Field";
import { Badge, Muted, Panel, PanelTitle } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import {
  getDeskInvoice,
  issueSampleInvoice,
  rejectDeskInvoice,
  reverseSampleInvoice,
  uploadDeskInvoicePdf,
} from "~/upstream/invoices.server";
import { UpstreamError } from "~/upstream/transport.server";
import { ONE_VERIFICATION_FILE_LIMITS } from "~/upstream/verification-files.server";
import { mediaType, readForm } from "~/utils/request-body.server";
import { readUploadForm } from "~/utils/upload-form.server";
import { formAction } from "~/utils/action.server";
import { invoiceIdParam, requireFinance } from "~/utils/desk-invoices.server";
import { deskInvoicePath, deskInvoicePdfPath } from "~/utils/desk-paths";
import { asStaff, loadDeskPage } from "~/utils/desk-session.server";
import { formatDateTime } from "~/utils/format";
import { redirectWithToast } from "~/utils/toast.server";
import { INVOICE_KIND_LABELS, INVOICE_STATUS_LABELS } from "../../platform/rules/invoices";
import { formatWireMoney } from "../../platform/rules/money";
import * as field from "../../platform/rules/fields";

export const meta: MetaFunction = () => [{ title: "发票申请 · 客服工作台" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = invoiceIdParam(params.id);
  const { auth } = await requireFinance(request);
  return { invoice: await loadDeskPage(request, () => getDeskInvoice(auth, id)) };
}

export function action({ request, params }: ActionFunctionArgs) {
  const id = invoiceIdParam(params.id);
  const back = (message: string) => redirectWithToast(deskInvoicePath(id), { type: "success", message });
  return formAction(request, {
    guard: requireFinance,
    // The PDF form is multipart (one file of 10 MB at most); the others are plain forms.
    read: (r) =>
      mediaType(r) === "multipart/form-data"
        ? readUploadForm(r, { ...ONE_VERIFICATION_FILE_LIMITS, oversizeFile: "refuse" })
        : readForm(r),
    intents: (intent) => ({
      upload: intent(z.object({ action: z.enum(["issue", "reverse"]) }), async (input, { guard, form }) => {
        const file = form.get("file");
        if (!(file instanceof File) || file.size === 0)
          throw new UpstreamError("UPLOAD_EMPTY", 400, 1, "请选择税务系统开具的PDF文件", "file");
        await asStaff(request, () => uploadDeskInvoicePdf(guard.auth, { id, action: input.action, file }));
        return back(input.action === "issue" ? "已开具，已通知用户并发送邮件" : "已确认红冲，该金额已退回可开票金额");
      }),
      issue_sample: intent(z.object({}), async (_input, { guard }) => {
        await asStaff(request, () => issueSampleInvoice(guard.auth, id));
        return back("已开具（样例PDF），已通知用户并发送邮件");
      }),
      reverse_sample: intent(z.object({}), async (_input, { guard }) => {
        await asStaff(request, () => reverseSampleInvoice(guard.auth, id));
        return back("已确认红冲（样例红字PDF），该金额已退回可开票金额");
      }),
      reject: intent(z.object({ reason: field.requiredText("驳回原因", 200) }), async (input, { guard }) => {
        await asStaff(request, () => rejectDeskInvoice(guard.auth, id, input.reason));
        return back("已驳回该申请，已通知用户");
      }),
    }),
  });
}

export default function DeskInvoicePage() {
  const { invoice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.fieldErrors ?? {};
  return (
    <Panel>
      <p>
        <Link to="/desk/invoices">← 返回发票列表</Link>
      </p>
      <PanelTitle as="h1">
        发票申请 {invoice.Id} <Badge data-testid="desk-invoice-status">{INVOICE_STATUS_LABELS[invoice.Status]}</Badge>
      </PanelTitle>
      <dl style={{ display: "grid", gridTemplateColumns: "max-content auto", gap: "4px 16px" }}>
        <dt>发票类型</dt>
        <dd>{INVOICE_KIND_LABELS[invoice.Kind]}</dd>
        <dt>金额</dt>
        <dd>{formatWireMoney(invoice.Amount)}</dd>
        <dt>抬头</dt>
        <dd>
          {invoice.TitleName}（{invoice.TitleKind === "enterprise" ? "企业" : "个人"}）
        </dd>
        {invoice.TaxNumber && (
          <>
            <dt>纳税人识别号</dt>
            <dd>{invoice.TaxNumber}</dd>
          </>
        )}
        {invoice.BankName && (
          <>
            <dt>开户银行及账号</dt>
            <dd>
              {invoice.BankName} {invoice.BankAccount}
            </dd>
            <dt>注册地址及电话</dt>
            <dd>
              {invoice.Address} {invoice.Phone}
            </dd>
          </>
        )}
        <dt>接收邮箱</dt>
        <dd>{invoice.Email}</dd>
        <dt>用户编号</dt>
        <dd>{invoice.UserId}</dd>
        <dt>申请时间</dt>
        <dd>{formatDateTime(invoice.CreatedAt)}</dd>
        {invoice.Reason && (
          <>
            <dt>驳回原因</dt>
            <dd>{invoice.Reason}</dd>
          </>
        )}
      </dl>
      <p>
        {invoice.HasPdf && <a href={deskInvoicePdfPath(invoice.Id)}>下载发票PDF{invoice.Sample ? "（样例）" : ""}</a>}{" "}
        {invoice.HasRedPdf && <a href={deskInvoicePdfPath(invoice.Id, true)}>下载红字发票PDF</a>}
      </p>
      {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
      {(invoice.Status === "pending" || invoice.Status === "reversal_requested") && (
        <Form method="post" encType="multipart/form-data" noValidate style={{ maxWidth: 460, marginBottom: 16 }}>
          <input type="hidden" name="action" value={invoice.Status === "pending" ? "issue" : "reverse"} />
          <label>
            {invoice.Status === "pending" ? "上传税务系统开具的PDF" : "上传红字发票PDF"}{" "}
            <input type="file" name="file" accept="application/pdf,.pdf" />
          </label>
          <FieldError role={errors.file ? "alert" : undefined}>{errors.file ?? ""}</FieldError>
          <StatusButton intent="upload">{invoice.Status === "pending" ? "上传并开具" : "上传并确认红冲"}</StatusButton>
        </Form>
      )}
      {invoice.Status === "pending" && (
        <>
          <Form method="post" noValidate>
            <p>
              <Muted>沙箱环境：生成标有“样例”的PDF作为开具的发票。</Muted>
            </p>
            <StatusButton intent="issue_sample">开具（生成样例PDF）</StatusButton>
          </Form>
          <Form method="post" noValidate style={{ maxWidth: 460, marginTop: 16 }}>
            <Field
              label="驳回原因"
              name="reason"
              maxLength={200}
              defaultValue={result?.values.reason ?? ""}
              error={errors.reason}
            />
            <StatusButton intent="reject" variant="secondary">
              驳回
            </StatusButton>
          </Form>
        </>
      )}
      {invoice.Status === "reversal_requested" && (
        <Form method="post" noValidate>
          <p>
            <Muted>用户申请红冲。确认后该发票作废，金额退回可开票金额，用户可继续提现。</Muted>
          </p>
          <StatusButton intent="reverse_sample">确认红冲（生成样例红字PDF）</StatusButton>
        </Form>
      )}
    </Panel>
  );
}
