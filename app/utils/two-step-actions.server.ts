import { z } from "zod";
import { captchaFieldsOf } from "~/upstream/security.server";
import type { UserInfo } from "~/upstream/accounts.server";
import { beginTwoStep, disableTwoStep, enableTwoStep, regenerateRecoveryCodes } from "~/upstream/two-step.server";
import type { IntentBuilder } from "./action.server";
import { qrSvg } from "./qr-svg.server";
import { redirectWithToast } from "./toast.server";

/** A current 6-digit code or a recovery code. */
const CodeForm = z.object({ code: z.string().trim().min(1, "请输入验证码或恢复码").max(32, "验证码格式不正确") });
const EnableForm = z.object({
  two_step_pending: z.string().min(1, "请重新开启两步验证").max(200, "请重新开启两步验证"),
  two_step_secret: z.string().max(64).optional(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "请输入验证器应用中的 6 位数字"),
});

/**
 * The 两步验证 panel's intents on /console/safe (issue 38 §1, decision 103). Turning on is two posts: the secret to
 * scan comes back in the action's values (the QR rendered here, the sealed secret for a hidden field, never a URL),
 * then a code of it turns it on and the recovery codes come back once.
 */
export const twoStepIntents = (intent: IntentBuilder<{ token: string; user: UserInfo }>) => ({
  "two-step-begin": intent(z.object({}), async (_, { guard }) => {
    const setup = await beginTwoStep(guard.token);
    return {
      notice: "请用验证器应用扫描二维码（或手动输入密钥），然后输入应用显示的 6 位验证码",
      values: {
        two_step_pending: setup.pending,
        two_step_secret: setup.secret,
        two_step_qr: await qrSvg(setup.otpauth_url),
      },
    };
  }),
  "two-step-enable": intent(EnableForm, async ({ two_step_pending, code }, { guard }) => {
    const { recovery_codes } = await enableTwoStep(guard.token, { pending: two_step_pending, code });
    return {
      notice: "两步验证已开启。请保存以下恢复码，它们只显示这一次",
      values: { recovery_codes: recovery_codes.join(" ") },
    };
  }),
  "two-step-regenerate": intent(CodeForm, async ({ code }, { guard, form }) => {
    const { recovery_codes } = await regenerateRecoveryCodes(guard.token, { code, ...captchaFieldsOf(form) });
    return {
      notice: "已生成新的恢复码，原恢复码已失效。请保存以下恢复码，它们只显示这一次",
      values: { recovery_codes: recovery_codes.join(" ") },
    };
  }),
  "two-step-disable": intent(CodeForm, async ({ code }, { guard, form }) => {
    await disableTwoStep(guard.token, { code, ...captchaFieldsOf(form) });
    return redirectWithToast("/console/safe", { message: "两步验证已关闭" });
  }),
});
