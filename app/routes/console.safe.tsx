import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ChangePasswordPanel } from "~/components/safe/ChangePasswordPanel";
import { CHANGE_PHONE_INTENTS, ChangePhonePanel } from "~/components/safe/ChangePhonePanel";
import { resultFor } from "~/components/safe/form-result";
import { SignedInDevices } from "~/components/safe/SignedInDevices";
import { SignInHistory } from "~/components/safe/SignInHistory";
import { TWO_STEP_INTENTS, TwoStepPanel } from "~/components/safe/TwoStepPanel";
import { UnregisterPanel } from "~/components/safe/UnregisterPanel";
import { WECHAT_UNBIND_INTENTS, WechatBindingPanel } from "~/components/safe/WechatBindingPanel";
import { changePassword, changePhone, sendOldPhoneCode, verifyOldPhone } from "~/upstream/account-security.server";
import { sendVerifyCode, unregister, unregisterCheck } from "~/upstream/accounts.server";
import { captchaFieldsOf } from "~/upstream/security.server";
import {
  listSignedInDevices,
  listSignInRecords,
  SIGN_IN_METHOD_LABELS,
  signOutDevice,
  signOutOtherDevices,
} from "~/upstream/sign-ins.server";
import { getTwoStepStatus } from "~/upstream/two-step.server";
import { formAction } from "~/utils/action.server";
import { requestClientAddress } from "~/utils/client-address.server";
import { destroySessionCookie, requireMainAccount } from "~/utils/session.server";
import { redirectWithToast, toastHeader } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { twoStepIntents } from "~/utils/two-step-actions.server";
import { maskPhone } from "~/utils/user-figures";
import { listWechatBindings } from "~/upstream/wechat.server";
import * as field from "../../platform/rules/fields";
import { wechatUnbindIntents } from "./console.safe_.wechat/unbind-intents.server";

export const meta: MetaFunction = () => [{ title: "安全设置 · 算力云" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token, user } = await requireMainAccount(request, "子账号不能访问安全设置");
    const [check, devices, history, twoStep, wechat] = await Promise.all([
      unregisterCheck(token),
      listSignedInDevices(token),
      listSignInRecords(token),
      getTwoStepStatus(token),
      listWechatBindings(token),
    ]);
    return {
      phone: maskPhone(user.Phone),
      passwordByCode: new URL(request.url).searchParams.get("password") === "code",
      check,
      twoStep,
      devices: devices.devices,
      records: history.records.map((r) => ({ ...r, method_label: SIGN_IN_METHOD_LABELS[r.method] })),
      wechatBindings: wechat.list,
    };
  });
}

const DeviceForm = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/, "设备编号无效") });

/** The current password, or the SMS code (the form shows one of them); the new password twice. */
const ChangePasswordForm = z
  .object({
    old_password: z.string().max(128, "密码过长").optional(),
    code: z.string().max(16, "验证码格式不正确").optional(),
    password: field.newPassword,
    confirm: z.string().max(128, "密码过长"),
  })
  .refine((v) => v.confirm === v.password, { path: ["confirm"], message: "两次输入的新密码不一致" })
  .refine((v) => !!v.old_password || !!v.code, { path: ["old_password"], message: "请输入当前密码" });

const OldPhoneForm = z.object({ old_code: field.smsCode });
const NewPhoneCodeForm = z.object({ phone: field.phone("新手机号") });
const NewPhoneForm = z.object({ ticket: z.string().max(64), phone: field.phone("新手机号"), code: field.smsCode });

const UnregisterForm = z.object({
  code: field.smsCode,
  agree: field.ticked("请阅读并同意《账号注销协议》"),
  confirm: field.ticked("请确认您了解注销后果"),
});

export async function action({ request }: ActionFunctionArgs) {
  const guarded = (form: FormData) => ({
    clientAddress: requestClientAddress(request),
    captcha: captchaFieldsOf(form),
  });
  return formAction(request, {
    guard: (r) => requireMainAccount(r, "子账号不能访问安全设置"),
    intents: (intent) => ({
      ...twoStepIntents(intent),
      ...wechatUnbindIntents(intent),
      "sign-out-device": intent(DeviceForm, async ({ id }, { guard }) => {
        await signOutDevice(guard.token, id);
        return redirectWithToast("/console/safe", { message: "该设备已退出登录" });
      }),
      "sign-out-others": intent(z.object({}), async (_, { guard }) => {
        const { signed_out } = await signOutOtherDevices(guard.token);
        const message = signed_out > 0 ? `已退出其他 ${signed_out} 台设备` : "没有其他登录设备";
        return redirectWithToast("/console/safe", { message });
      }),
      "send-password-code": intent(z.object({}), async (_, { guard, form }) => {
        await sendVerifyCode(guard.user.Phone, "reset_password", guarded(form));
        return { notice: `验证码已发送至 ${maskPhone(guard.user.Phone)}` };
      }),
      "change-password": intent(ChangePasswordForm, async (input, { guard, form }) => {
        const { signed_out } = await changePassword(guard.token, {
          old_password: input.code ? undefined : input.old_password,
          code: input.code || undefined,
          password: input.password,
          ...captchaFieldsOf(form),
        });
        const others = signed_out > 0 ? `，其他 ${signed_out} 台设备已退出登录` : "";
        return redirectWithToast("/console/safe", { message: `密码已修改${others}` });
      }),
      "send-old-phone-code": intent(z.object({}), async (_, { guard, form }) => {
        await sendOldPhoneCode(guard.token, captchaFieldsOf(form));
        return { notice: `验证码已发送至 ${maskPhone(guard.user.Phone)}` };
      }),
      "verify-old-phone": intent(OldPhoneForm, async ({ old_code }, { guard, form }) => {
        const { ticket } = await verifyOldPhone(guard.token, { old_code, ...captchaFieldsOf(form) });
        return { notice: "原手机号验证通过，请在 15 分钟内填写新手机号", values: { ticket } };
      }),
      "send-new-phone-code": intent(NewPhoneCodeForm, async ({ phone }, { form }) => {
        await sendVerifyCode(phone, "change_phone", guarded(form));
        return { notice: `验证码已发送至 ${maskPhone(phone)}` };
      }),
      "change-phone": intent(NewPhoneForm, async (input, { guard }) => {
        const changed = await changePhone(guard.token, input);
        return redirectWithToast("/console/safe", { message: `手机号已更换为 ${changed.phone}，请使用新手机号登录` });
      }),
      "send-code": intent(z.object({}), async (_, { guard, form }) => {
        await sendVerifyCode(guard.user.Phone, "unregister", guarded(form));
        return { notice: `验证码已发送至 ${maskPhone(guard.user.Phone)}` };
      }),
      unregister: intent(UnregisterForm, async ({ code }, { guard }) => {
        await unregister(guard.token, code, true);
        const headers = new Headers();
        headers.append("Set-Cookie", await destroySessionCookie());
        headers.append("Set-Cookie", await toastHeader({ type: "success", message: "账号已注销" }));
        return redirect("/login", { headers });
      }),
    }),
  });
}

export default function SafePage() {
  const { phone, passwordByCode, check, twoStep, devices, records, wechatBindings } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>安全设置</h1>
      <ChangePasswordPanel
        byCode={passwordByCode}
        phone={phone}
        result={resultFor(result, ["change-password", "send-password-code"])}
      />
      <ChangePhonePanel phone={phone} result={resultFor(result, CHANGE_PHONE_INTENTS)} />
      <TwoStepPanel status={twoStep} result={resultFor(result, TWO_STEP_INTENTS)} />
      <SignedInDevices devices={devices} error={resultFor(result, ["sign-out-device"])?.fieldErrors.id} />
      <SignInHistory records={records} />
      <WechatBindingPanel bindings={wechatBindings} phone={phone} result={resultFor(result, WECHAT_UNBIND_INTENTS)} />
      <UnregisterPanel check={check} phone={phone} result={resultFor(result, ["send-code", "unregister"])} />
    </>
  );
}
