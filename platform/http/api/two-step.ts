import { Hono } from "hono";
import { z } from "zod";
import type { TwoStepCalls } from "../../contract/two-step";
import { completeSecondStep } from "../../modules/accounts/second-step-login";
import {
  beginTwoStep,
  disableTwoStep,
  enableTwoStep,
  regenerateRecoveryCodes,
  twoStepStatus,
} from "../../modules/accounts/two-step-setup";
import { callerFromForm, visitor, type Env } from "../context";
import * as f from "../fields";
import { toToken } from "../shapes/accounts";
import { toTwoStepSetup, toTwoStepStatus } from "../shapes/two-step";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";
import { captchaAnswer } from "./security";

/** Two-step login (issue 38 §1, decision 103; platform/contract/two-step.ts). */
export const twoStepApi = new Hono<Env>();
const on = contractRoutes<TwoStepCalls>(twoStepApi);

const EnableFields = z.object({ pending: f.requiredText("开启凭据", 512), code: f.requiredText("验证码", 16) });
const SecondFactorFields = z.object({ code: f.requiredText("验证码", 32) });
const SecondStepFields = z.object({ ticket: f.requiredText("登录凭据", 64), code: f.requiredText("验证码", 32) });

on.post("/get_two_step_status", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return toTwoStepStatus(await twoStepStatus(c.var.ctx, caller));
});

on.post("/two_step/begin", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return toTwoStepSetup(await beginTwoStep(c.var.ctx, caller));
});

on.post("/two_step/enable", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const enabled = await enableTwoStep(c.var.ctx, caller, parseFields(EnableFields, form));
  return { recovery_codes: enabled.recoveryCodes };
});

on.post("/two_step/disable", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const { code } = parseFields(SecondFactorFields, form);
  await disableTwoStep(c.var.ctx, caller, { code, captcha: captchaAnswer(form) });
  return null;
});

on.post("/two_step/regenerate_recovery_codes", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const { code } = parseFields(SecondFactorFields, form);
  const made = await regenerateRecoveryCodes(c.var.ctx, caller, { code, captcha: captchaAnswer(form) });
  return { recovery_codes: made.recoveryCodes };
});

on.post("/login_second_step", async (c) => {
  const input = parseFields(SecondStepFields, await readForm(c));
  return toToken(await completeSecondStep(c.var.ctx, visitor(c), input));
});
