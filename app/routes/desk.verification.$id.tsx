import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Field, FieldError } from "~/components/ui/Field";
import { Badge, Muted, Panel, PanelTitle, Row } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import { StatusButton } from "~/components/ui/StatusButton";
import {
  decideReviewEntry,
  getReviewDetail,
  revealedReviewEntry,
  revealReviewEntry,
  VERIFICATION_FILE_PURPOSE_LABELS,
  VERIFICATION_METHOD_LABELS,
  VERIFICATION_STATUS_LABELS,
} from "~/upstream/verification-review.server";
import { UpstreamError } from "~/upstream/transport.server";
import { formAction } from "~/utils/action.server";
import { deskVerificationFilePath, deskVerificationPath } from "~/utils/desk-paths";
import { asStaff, loadDeskPage } from "~/utils/desk-session.server";
import { requireReviewer, reviewIdParam } from "~/utils/desk-verification.server";
import { formatDateTime } from "~/utils/format";
import { redirectWithToast } from "~/utils/toast.server";
import { REJECT_REASON_OTHER, REJECT_REASONS, REVIEW_KIND_LABELS } from "../../platform/rules/verification-review";
import { isOtherDocumentType, OTHER_DOCUMENT_LABELS } from "../../platform/rules/other-documents";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `认证申请 #${data.entry.id} · 实名审核` : "认证申请 · 实名审核" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = reviewIdParam(params.id);
  const { auth } = await requireReviewer(request);
  const entry = await loadDeskPage(request, () => getReviewDetail(auth, id));
  // `?reveal=N`: the reveal just made (its reason is in the audit log); the values are shown again, audited, while it
  // is good. A stale or foreign reveal shows the masked page with a note.
  const rawReveal = new URL(request.url).searchParams.get("reveal") ?? "";
  let revealed = null;
  let revealExpired = false;
  if (/^[1-9]\d{0,15}$/.test(rawReveal)) {
    try {
      revealed = await asStaff(request, () => revealedReviewEntry(auth, id, Number(rawReveal)));
    } catch (error) {
      if (!(error instanceof UpstreamError && error.kind === "refused")) throw error;
      revealExpired = true;
    }
  }
  return {
    entry: {
      ...entry,
      kind_label: REVIEW_KIND_LABELS[entry.kind],
      method_label: VERIFICATION_METHOD_LABELS[entry.method],
      state_label: VERIFICATION_STATUS_LABELS[entry.state],
      files: entry.files.map((f) => ({
        ...f,
        label: VERIFICATION_FILE_PURPOSE_LABELS[f.purpose],
        url: revealed && !f.purged ? deskVerificationFilePath(entry.id, f.id, revealed.reveal_id) : null,
        image: f.content_type.startsWith("image/"),
      })),
    },
    revealed,
    revealExpired,
  };
}

const Reveal = z.object({
  reason: z
    .string()
    .max(400)
    .transform((v) => v.trim())
    .refine((v) => [...v].length >= 2 && [...v].length <= 100, "请填写查看原因（2到100个字）"),
});
const Reject = z.object({
  reason: z.string({ required_error: "请选择驳回原因" }).max(40),
  reason_text: z.string().max(1000).optional().default(""),
});

export function action({ request, params }: ActionFunctionArgs) {
  const id = reviewIdParam(params.id);
  const back = (message: string) => redirectWithToast(deskVerificationPath(id), { type: "success", message });
  return formAction(request, {
    guard: requireReviewer,
    fieldAliases: { reveal_reason: "reason", reason: "reason", reason_text: "reason_text" },
    intents: (intent) => ({
      reveal: intent(Reveal, async (input, { guard }) => {
        const revealed = await asStaff(request, () => revealReviewEntry(guard.auth, id, input.reason));
        return redirect(`${deskVerificationPath(id)}?reveal=${revealed.reveal_id}`);
      }),
      approve: intent(z.object({}), async (_input, { guard }) => {
        await asStaff(request, () => decideReviewEntry(guard.auth, { id, decision: "approve" }));
        return back("已通过该申请，已通知用户");
      }),
      reject: intent(Reject, async (input, { guard }) => {
        await asStaff(request, () =>
          decideReviewEntry(guard.auth, {
            id,
            decision: "reject",
            reason: input.reason,
            reason_text: input.reason_text,
          }),
        );
        return back("已驳回该申请，已通知用户");
      }),
    }),
  });
}

const Layout = styled("div", { display: "grid", gap: "$4", "@desktop": { gridTemplateColumns: "1fr 360px" } });
const Facts = styled("dl", {
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: "$1 $3",
  margin: 0,
  dt: { color: "$mutedText" },
  dd: { margin: 0 },
});
const Files = styled("ul", {
  listStyle: "none",
  padding: 0,
  display: "grid",
  gap: "$3",
  img: { maxWidth: "100%", border: "1px solid $border" },
});
const Choices = styled("fieldset", {
  border: "none",
  padding: 0,
  margin: "0 0 $2",
  display: "flex",
  flexDirection: "column",
  gap: "$1",
  label: { display: "flex", gap: "$2", alignItems: "center" },
});

/** The other channel's document in words (its type as stored: passport, hk_macao_permit, …). */
const documentLabel = (type: string) => (isOtherDocumentType(type) ? OTHER_DOCUMENT_LABELS[type] : type);

export default function DeskVerificationEntryPage() {
  const { entry, revealed, revealExpired } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.fieldErrors ?? {};
  const pending = entry.state === "pending";
  return (
    <Layout>
      <div>
        <Panel>
          <Row css={{ justifyContent: "space-between" }}>
            <PanelTitle as="h1">
              认证申请 #{entry.id} {entry.kind_label}
            </PanelTitle>
            <Link to="/desk/verification">← 返回审核队列</Link>
          </Row>
          <Row css={{ marginBottom: "$3" }}>
            <Badge data-testid="review-state">{entry.state_label}</Badge>
            <Muted>{entry.method_label}</Muted>
            <Muted>提交于 {formatDateTime(entry.created_at)}</Muted>
          </Row>
          <Facts data-testid="review-values">
            <dt>用户手机号</dt>
            <dd>{entry.user_phone}</dd>
            {entry.company && (
              <>
                <dt>企业名称</dt>
                <dd>{entry.company.company_name}</dd>
                <dt>统一社会信用代码</dt>
                <dd>{entry.company.credit_code}</dd>
                <dt>法定代表人</dt>
                <dd>{(revealed ? revealed.legal_representative : entry.company.legal_representative) || "—"}</dd>
              </>
            )}
            {entry.document_type && (
              <>
                <dt>证件类型</dt>
                <dd>{documentLabel(entry.document_type)}</dd>
              </>
            )}
            {(entry.name || (entry.kind !== "student" && entry.kind !== "enterprise")) && (
              <>
                <dt>姓名</dt>
                <dd>{(revealed ? revealed.name : entry.name) || "—"}</dd>
                <dt>证件号码</dt>
                <dd>{(revealed ? revealed.id_number : entry.id_number) || "—"}</dd>
              </>
            )}
            {entry.person_name && (
              <>
                <dt>实名姓名</dt>
                <dd>{revealed ? revealed.person_name : entry.person_name}</dd>
              </>
            )}
            {entry.student && (
              <>
                <dt>学校</dt>
                <dd>{entry.student.school}</dd>
                <dt>学号</dt>
                <dd>{revealed ? revealed.student_number : entry.student.student_number}</dd>
                <dt>入学 / 毕业年份</dt>
                <dd>
                  {entry.student.enrolment_year} / {entry.student.graduation_year}
                </dd>
                {entry.student.mailbox_domain && (
                  <>
                    <dt>学校邮箱域名</dt>
                    <dd>{entry.student.mailbox_domain}</dd>
                  </>
                )}
              </>
            )}
            {(entry.card_number || revealed?.card_number) && (
              <>
                <dt>银行卡号</dt>
                <dd>{revealed ? revealed.card_number : entry.card_number}</dd>
              </>
            )}
            {entry.has_note && (
              <>
                <dt>申请说明</dt>
                <dd data-wrap>{revealed ? revealed.note : "（填写查看原因后显示）"}</dd>
              </>
            )}
            {entry.reason && (
              <>
                <dt>驳回原因</dt>
                <dd>{entry.reason}</dd>
              </>
            )}
          </Facts>
        </Panel>
        <Panel>
          <PanelTitle>证件材料</PanelTitle>
          {entry.files.length === 0 && <Muted>该申请没有上传材料</Muted>}
          {!revealed && entry.files.length > 0 && (
            <p>
              <Muted>证件图片和完整号码需填写查看原因后显示，每次查看都会记入审计日志。</Muted>
            </p>
          )}
          {revealExpired && (
            <p role="alert">
              <Muted>查看已过期，请重新填写查看原因。</Muted>
            </p>
          )}
          <Files aria-label="证件材料">
            {entry.files.map((f) => (
              <li key={f.id}>
                <div>
                  {f.label}
                  {f.purged && <Muted>（已按规定删除）</Muted>}
                </div>
                {f.url &&
                  (f.image ? (
                    <img src={f.url} alt={f.label} />
                  ) : (
                    <a href={f.url} target="_blank" rel="noreferrer">
                      打开文件
                    </a>
                  ))}
              </li>
            ))}
          </Files>
        </Panel>
      </div>
      <div>
        {!revealed && (
          <Panel>
            <PanelTitle>查看证件与完整信息</PanelTitle>
            <Form method="post" noValidate>
              <Field
                label="查看原因"
                name="reason"
                maxLength={100}
                placeholder="例如：核对证件与填写信息"
                error={result?.intent === "reveal" ? errors.reason : null}
                defaultValue={result?.intent === "reveal" ? result.values.reason : undefined}
              />
              <StatusButton intent="reveal" variant="secondary">
                查看
              </StatusButton>
            </Form>
          </Panel>
        )}
        {pending && (
          <Panel>
            <PanelTitle>审核</PanelTitle>
            {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
            <Form method="post">
              <StatusButton intent="approve">通过</StatusButton>
            </Form>
            <Form method="post" noValidate>
              <Choices aria-describedby="reject-reason-error">
                <legend>驳回原因</legend>
                {REJECT_REASONS.map((r) => (
                  <label key={r}>
                    <input type="radio" name="reason" value={r} /> {r}
                  </label>
                ))}
                <label>
                  <input type="radio" name="reason" value={REJECT_REASON_OTHER} /> 其他
                </label>
              </Choices>
              <FieldError
                id="reject-reason-error"
                role={errors.reason && result?.intent === "reject" ? "alert" : undefined}
              >
                {result?.intent === "reject" ? (errors.reason ?? "") : ""}
              </FieldError>
              <Field
                label="其他原因（选择“其他”时填写，用户会看到）"
                name="reason_text"
                maxLength={200}
                error={result?.intent === "reject" ? errors.reason_text : null}
                defaultValue={result?.intent === "reject" ? result.values.reason_text : undefined}
              />
              <StatusButton intent="reject" variant="danger">
                驳回
              </StatusButton>
            </Form>
          </Panel>
        )}
      </div>
    </Layout>
  );
}
