import { Hono } from "hono";
import { z } from "zod";
import type { VerificationCalls } from "../../contract/verification";
import { resolveSession } from "../../modules/accounts/sessions";
import { sendBankCardCode, verifyByBankCard } from "../../modules/verification/bank-card";
import { readBusinessLicence, submitEnterprise } from "../../modules/verification/enterprise";
import { listVerifications } from "../../modules/verification/entries";
import { submitOtherChannel } from "../../modules/verification/other-channel";
import { OTHER_FILES_MAX } from "../../rules/other-documents";
import { fail } from "../../modules/errors";
import {
  applyStudentByCard,
  sendStudentMailboxCode,
  verifyStudentMailboxCode,
} from "../../modules/verification/student";
import { captchaAnswer } from "../api/security";
import { visitor } from "../context";
import * as f from "../fields";
import { toVerification } from "../shapes/verification";
import { parseFields } from "../wire";
import { readThirdPartyBody } from "./body";
import type { ThirdPartyEnv } from "./index";
import { thirdPartyRoutes } from "./routes";
import { idFaceApplication } from "./verification-personal";
import { bearerToken } from "./token";

/**
 * `GET verifications`, which answers without a token too (spec §7: an empty list): mounted ahead of the area's
 * session check, it resolves the session itself when a token is sent.
 */
export const verificationListApi = new Hono<ThirdPartyEnv>();
thirdPartyRoutes<VerificationCalls>(verificationListApi)(
  "listVerifications",
  "GET",
  "/api/v1/verification/verifications",
  async (c) => {
    const token = bearerToken(c);
    const unverified_gpu_limit = c.var.ctx.site.verification.unverifiedGpuLimit;
    if (!token) return { verifications: [], unverified_gpu_limit };
    const caller = await resolveSession(c.var.ctx, visitor(c), { token });
    return { verifications: (await listVerifications(c.var.ctx, caller)).map(toVerification), unverified_gpu_limit };
  },
);

/** The verification calls that need a session (spec §7; decision 097). */
export const verificationApi = new Hono<ThirdPartyEnv>();
const on = thirdPartyRoutes<VerificationCalls>(verificationApi);

/** A field as typed; the module checks its content (GB 11643, Luhn, the name's characters) and names the field. */
const typed = (label: string, max: number) => f.text(label, max).default("");

const captchaBody = z.object({ phone: typed("手机号", 32) });

on("bankCardCaptcha", "POST", "/api/v1/verification/captcha", async (c) => {
  const form = await readThirdPartyBody(c);
  const body = parseFields(captchaBody, form);
  const sent = await sendBankCardCode(c.var.ctx, c.var.caller, { phone: body.phone, captcha: captchaAnswer(form) });
  return { sent: true, resend_after_seconds: Math.ceil(sent.resendAfterMs / 1000) };
});

const bankCardBody = z.object({
  name: typed("姓名", 40),
  id_number: typed("身份证号", 32),
  card_number: typed("银行卡号", 40),
  phone: typed("手机号", 32),
  code: typed("验证码", 16),
});

on("bankCard", "POST", "/api/v1/verification/bank-card", async (c) => {
  const body = parseFields(bankCardBody, await readThirdPartyBody(c));
  const entry = await verifyByBankCard(c.var.ctx, c.var.caller, {
    name: body.name,
    idNumber: body.id_number,
    cardNumber: body.card_number,
    phone: body.phone,
    code: body.code,
  });
  return toVerification(entry);
});

on("businessLicence", "POST", "/api/v1/verification/business-license", async (c) => {
  const body = parseFields(z.object({ file_id: f.id("营业执照文件") }), await readThirdPartyBody(c));
  const read = await readBusinessLicence(c.var.ctx, c.var.caller, body.file_id);
  return {
    file_id: read.licenceFileId,
    company_name: read.companyName,
    credit_code: read.creditCode,
    legal_representative: read.legalRepresentative,
    applicant_is_legal_representative: read.applicantIsLegalRepresentative,
  };
});

const enterpriseBody = z.object({
  licence_file_id: f.id("营业执照文件"),
  company_name: typed("企业名称", 200),
  credit_code: typed("统一社会信用代码", 40),
  legal_representative: typed("法定代表人", 40),
  authorisation_file_ids: f.ids("授权书文件", OTHER_FILES_MAX),
});

/**
 * `POST verifications`: an application, dispatched on `verify_type` (decision 097's addendum): 0 personal by ID card
 * and face (verification-personal.ts), 1 enterprise; the others (student, other channel) have their own calls.
 */
on("submitVerification", "POST", "/api/v1/verification/verifications", async (c) => {
  const form = await readThirdPartyBody(c);
  const { verify_type } = parseFields(z.object({ verify_type: f.int("认证类型", 0, 3) }), form);
  if (verify_type === 0) return idFaceApplication(c.var.ctx, c.var.caller, form);
  if (verify_type !== 1) return fail("BAD_REQUEST", "verify_type", "不支持的认证类型");
  const body = parseFields(enterpriseBody, form);
  const entry = await submitEnterprise(c.var.ctx, c.var.caller, {
    licenceFileId: body.licence_file_id,
    companyName: body.company_name,
    creditCode: body.credit_code,
    legalRepresentative: body.legal_representative,
    authorisationFileIds: body.authorisation_file_ids,
  });
  return toVerification(entry);
});

const otherChannelBody = z.object({
  document_type: typed("证件类型", 40),
  name: typed("姓名", 80),
  document_number: typed("证件号码", 40),
  file_ids: f.ids("证明材料", OTHER_FILES_MAX),
  note: typed("说明", 2000),
});

on("otherChannel", "POST", "/api/v1/verification/other-channel", async (c) => {
  const body = parseFields(otherChannelBody, await readThirdPartyBody(c));
  const entry = await submitOtherChannel(c.var.ctx, c.var.caller, {
    documentType: body.document_type,
    name: body.name,
    documentNumber: body.document_number,
    fileIds: body.file_ids,
    note: body.note,
  });
  return toVerification(entry);
});

const studentBody = z.object({
  school: typed("学校", 100),
  student_number: typed("学号", 60),
  enrolment_year: typed("入学年份", 8),
  graduation_year: typed("毕业年份", 8),
});
const studentFields = (body: z.infer<typeof studentBody>) => ({
  school: body.school,
  studentNumber: body.student_number,
  enrolmentYear: body.enrolment_year,
  graduationYear: body.graduation_year,
});

on("studentMailboxCode", "POST", "/api/v1/verification/student/mailbox-code", async (c) => {
  const body = parseFields(studentBody.extend({ email: typed("学校邮箱", 320) }), await readThirdPartyBody(c));
  const sent = await sendStudentMailboxCode(c.var.ctx, c.var.caller, { ...studentFields(body), email: body.email });
  return { sent_to: sent.sentTo, expires_at: sent.expiresAt.toISOString() };
});

on("studentMailboxVerify", "POST", "/api/v1/verification/student/mailbox-verify", async (c) => {
  const body = parseFields(z.object({ code: typed("验证码", 16) }), await readThirdPartyBody(c));
  return toVerification(await verifyStudentMailboxCode(c.var.ctx, c.var.caller, { code: body.code }));
});

on("studentCard", "POST", "/api/v1/verification/student/card", async (c) => {
  const body = parseFields(studentBody.extend({ file_id: f.id("文件编号").optional() }), await readThirdPartyBody(c));
  const fileId = body.file_id === undefined ? 0 : Number(body.file_id);
  return toVerification(await applyStudentByCard(c.var.ctx, c.var.caller, { ...studentFields(body), fileId }));
});
