import { Hono } from "hono";
import { z } from "zod";
import type { VerificationCalls } from "../../contract/verification";
import { resolveSession } from "../../modules/accounts/sessions";
import { sendBankCardCode, verifyByBankCard } from "../../modules/verification/bank-card";
import { listVerifications } from "../../modules/verification/entries";
import { captchaAnswer } from "../api/security";
import { visitor } from "../context";
import * as f from "../fields";
import { toVerification } from "../shapes/verification";
import { parseFields } from "../wire";
import { readThirdPartyBody } from "./body";
import type { ThirdPartyEnv } from "./index";
import { thirdPartyRoutes } from "./routes";
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
