import { Hono } from "hono";
import { z } from "zod";
import type {
  ReviewDetailWire,
  ReviewItemWire,
  ReviewRevealWire,
  VerificationReviewCalls,
} from "../../contract/verification-review";
import { VERIFICATION_KINDS } from "../../db/verification-schema";
import { DomainError } from "../../modules/errors";
import {
  decideEntry,
  listReviewQueue,
  readEntryFileForReviewer,
  revealedValues,
  revealEntry,
  reviewDetail,
  type ReviewDetail,
  type RevealedEntry,
  type ReviewItem,
} from "../../modules/verification/review";
import { contractRoutes } from "../api/contract-routes";
import type { Env } from "../context";
import { mainApiError } from "../errors-reply";
import * as f from "../fields";
import { toPage } from "../shapes/page";
import { verificationFileResponse } from "../verification-file-response";
import { parseFields, readForm } from "../wire";
import { staffCaller } from "./context";

/** /staff/verification: the desk's review of real-name verification (platform/contract/verification-review.ts). */
export const verificationReviewApi = new Hono<Env>();
const on = contractRoutes<VerificationReviewCalls>(verificationReviewApi);

const toItem = (item: ReviewItem): ReviewItemWire => ({
  id: item.id,
  kind: item.kind,
  method: item.method,
  state: item.status,
  user_id: item.userId,
  user_phone: item.userPhoneMasked,
  name: item.maskedName ?? "",
  id_number: item.maskedIdNumber ?? "",
  card_number: item.maskedCardNumber ?? "",
  reason: item.reason ?? "",
  created_at: item.createdAt.toISOString(),
  decided_at: item.decidedAt?.toISOString() ?? null,
  expires_at: item.expiresAt?.toISOString() ?? null,
});

const toDetail = (detail: ReviewDetail): ReviewDetailWire => ({
  ...toItem(detail),
  reviewer_id: detail.reviewerId,
  files: detail.files.map((file) => ({
    id: file.id,
    purpose: file.purpose as ReviewDetailWire["files"][number]["purpose"],
    content_type: file.mime,
    size: file.byteSize,
    purged: file.purged,
  })),
  person_name: detail.personNameMasked ?? "",
  student: detail.student && {
    school: detail.student.school,
    student_number: detail.student.studentNumberMasked,
    enrolment_year: detail.student.enrolmentYear,
    graduation_year: detail.student.graduationYear,
    mailbox_domain: detail.student.mailboxDomain ?? "",
  },
  company:
    detail.companyName === null
      ? null
      : {
          company_name: detail.companyName,
          credit_code: detail.creditCode ?? "",
          legal_representative: detail.maskedLegalRepresentative ?? "",
        },
  document_type: detail.documentType ?? "",
  has_note: detail.hasNote,
});

const toRevealWire = (revealed: RevealedEntry): ReviewRevealWire => ({
  reveal_id: revealed.revealId,
  name: revealed.name ?? "",
  id_number: revealed.idNumber ?? "",
  card_number: revealed.cardNumber ?? "",
  person_name: revealed.personName ?? "",
  student_number: revealed.studentNumber ?? "",
  legal_representative: revealed.legalRepresentative ?? "",
  note: revealed.note ?? "",
});

const Queue = z.object({
  page: f.page,
  page_size: f.pageSize(50, 20),
  kind: z.enum(VERIFICATION_KINDS, { errorMap: () => ({ message: "认证类型不正确" }) }).optional(),
  min_wait_hours: f.int("等待时长", 1, 720).optional(),
});
const Entry = z.object({ id: f.id("申请编号") });
const Reveal = Entry.extend({ reason: z.string().max(400).optional().default("") });
const Decide = Entry.extend({
  decision: z.enum(["approve", "reject"], { errorMap: () => ({ message: "请选择通过或驳回" }) }),
  reason: z.string().max(40).optional().default(""),
  reason_text: z.string().max(1000).optional().default(""),
});

on.post("/verification/queue", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Queue, form);
  const page = await listReviewQueue(c.var.ctx, staff, {
    kind: input.kind ?? null,
    minWaitHours: input.min_wait_hours === undefined ? null : Number(input.min_wait_hours),
    page: Number(input.page),
    pageSize: Number(input.page_size),
  });
  return toPage(page, toItem);
});

on.post("/verification/detail", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Entry, form);
  return toDetail(await reviewDetail(c.var.ctx, staff, Number(input.id)));
});

on.post("/verification/reveal", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Reveal, form);
  return toRevealWire(await revealEntry(c.var.ctx, staff, { entryId: Number(input.id), reason: input.reason }));
});

const Revealed = Entry.extend({ reveal_id: f.id("查看记录编号") });

on.post("/verification/revealed", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Revealed, form);
  return toRevealWire(
    await revealedValues(c.var.ctx, staff, { entryId: Number(input.id), revealId: Number(input.reveal_id) }),
  );
});

on.post("/verification/decide", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Decide, form);
  const detail = await decideEntry(
    c.var.ctx,
    staff,
    input.decision === "approve"
      ? { entryId: Number(input.id), approve: true }
      : { entryId: Number(input.id), approve: false, reason: input.reason, reasonText: input.reason_text },
  );
  return toDetail(detail);
});

const idParam = (raw: string | undefined) => (/^[1-9]\d{0,15}$/.test(raw ?? "") ? Number(raw) : 0);

verificationReviewApi.get("/verification/entries/:entry/files/:file", async (c) => {
  const staff = await staffCaller(c);
  try {
    return verificationFileResponse(
      await readEntryFileForReviewer(c.var.ctx, staff, {
        entryId: idParam(c.req.param("entry")),
        fileId: idParam(c.req.param("file")),
        revealId: idParam(c.req.query("reveal")),
      }),
    );
  } catch (error) {
    if (error instanceof DomainError && error.key === "NOT_FOUND") return mainApiError(c, error, 404);
    throw error;
  }
});
