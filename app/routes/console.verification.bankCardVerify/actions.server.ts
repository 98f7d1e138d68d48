import { sendBankCardCode, verifyByBankCard } from "~/upstream/verification.server";
import { captchaFieldsOf } from "~/upstream/security.server";
import { formAction } from "~/utils/action.server";
import { BANK_CARD_VERIFY_PATH } from "~/utils/console-paths";
import { requireMainAccount } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { maskPhone } from "~/utils/user-figures";
import { SUB_ACCOUNT_REFUSAL, verificationCaller } from "~/utils/verification.server";
import { BankCardVerifySchema, SendCodeSchema } from "./schemas";

/**
 * 银行卡认证's two steps in one form: 获取验证码 (a code to the card's phone, under the SMS limits and the CAPTCHA
 * when asked), then 提交认证 (the four elements and the code). What was typed comes back on every answer, so
 * nothing is asked twice; a refusal stands beside its field.
 */
export function handleBankCardAction(request: Request) {
  return formAction(request, {
    guard: (r) => requireMainAccount(r, SUB_ACCOUNT_REFUSAL),
    intents: (intent) => ({
      "send-code": intent(SendCodeSchema, async ({ phone }, { form, guard }) => {
        await sendBankCardCode(verificationCaller(request, guard.token), { phone, ...captchaFieldsOf(form) });
        return { notice: `验证码已发送至 ${maskPhone(phone)}，10分钟内有效` };
      }),
      verify: intent(BankCardVerifySchema, async (input, { guard }) => {
        await verifyByBankCard(verificationCaller(request, guard.token), input);
        return redirectWithToast(BANK_CARD_VERIFY_PATH, { type: "success", message: "个人实名认证已完成" });
      }),
    }),
  });
}
