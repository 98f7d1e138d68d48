import { redirect } from "@remix-run/node";
import * as accounts from "~/upstream/accounts.server";
import { captchaFieldsOf } from "~/upstream/security.server";
import { anyone, formAction } from "~/utils/action.server";
import { requestClientAddress } from "~/utils/client-address.server";
import { toastHeader } from "~/utils/toast.server";
import { maskPhone } from "~/utils/user-figures";
import { ForgotSendCodeSchema, ResetPasswordSchema } from "./schemas";

/**
 * 忘记密码's two steps in one form: 获取验证码 (a reset_password code, under the
 * SMS limits and CAPTCHA rules of decisions 005 and 025), then the reset. The
 * answer never says whether the phone has an account: every reset that passes
 * the code check goes to /login with the same toast.
 */
export function handleForgotAction(request: Request) {
  const clientAddress = requestClientAddress(request);
  const guarded = (form: FormData) => ({ clientAddress, captcha: captchaFieldsOf(form) });
  return formAction(request, {
    guard: anyone,
    intents: (intent) => ({
      "send-code": intent(ForgotSendCodeSchema, async ({ phone }, { form }) => {
        await accounts.sendVerifyCode(phone, "reset_password", guarded(form));
        return { notice: `验证码已发送至 ${maskPhone(phone)}，10分钟内有效` };
      }),
      reset: intent(ResetPasswordSchema, async ({ phone, code, password }, { form }) => {
        await accounts.resetPassword(phone, code, password, guarded(form));
        const toast = await toastHeader({ type: "success", message: "密码已重置，请使用新密码登录" });
        return redirect("/login?tab=password", { headers: { "Set-Cookie": toast } });
      }),
    }),
  });
}
