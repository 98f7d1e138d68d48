import { z } from "zod";
import * as field from "../../../platform/rules/fields";
import { captchaFieldsOf } from "~/upstream/security.server";
import { sendUnbindCode, unbindWechat } from "~/upstream/wechat.server";
import type { IntentBuilder } from "~/utils/action.server";
import { redirectWithToast } from "~/utils/toast.server";
import { maskPhone } from "~/utils/user-figures";

const BindingForm = z.object({ binding_id: z.string().regex(/^[1-9]\d{0,15}$/, "绑定编号无效") });
const UnbindForm = BindingForm.extend({ code: field.smsCode });

type Guard = { token: string; user: { Phone: string } };

/** 获取验证码 (to the account's own phone) and 解除绑定 with it; a site message records each unbinding. */
export function wechatUnbindIntents(intent: IntentBuilder<Guard>) {
  return {
    "wechat-unbind-code": intent(BindingForm, async ({ binding_id }, { guard, form }) => {
      await sendUnbindCode(guard.token, captchaFieldsOf(form));
      return { notice: `验证码已发送至 ${maskPhone(guard.user.Phone)}`, values: { binding_id } };
    }),
    "wechat-unbind": intent(UnbindForm, async ({ binding_id, code }, { guard }) => {
      await unbindWechat(guard.token, Number(binding_id), code);
      return redirectWithToast("/console/safe", { message: "已解除微信绑定" });
    }),
  };
}
