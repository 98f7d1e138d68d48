import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { CaptchaField } from "~/components/ui/CaptchaField";
import { CheckboxField, FieldError } from "~/components/ui/Field";
import { SmsCodeField } from "~/components/ui/SmsCodeField";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import { SignedInDevices } from "~/components/safe/SignedInDevices";
import { SignInHistory } from "~/components/safe/SignInHistory";
import { sendVerifyCode, unregister, unregisterCheck } from "~/upstream/accounts.server";
import {
  listSignedInDevices,
  listSignInRecords,
  SIGN_IN_METHOD_LABELS,
  signOutDevice,
  signOutOtherDevices,
} from "~/upstream/sign-ins.server";
import { formAction } from "~/utils/action.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { captchaFieldsOf } from "~/upstream/security.server";
import { requestClientAddress } from "~/utils/client-address.server";
import { destroySessionCookie, requireMainAccount } from "~/utils/session.server";
import { redirectWithToast, toastHeader } from "~/utils/toast.server";
import { maskPhone } from "~/utils/user-figures";
import * as field from "../../platform/rules/fields";

export const meta: MetaFunction = () => [{ title: "安全设置 · 算力云" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token, user } = await requireMainAccount(request, "子账号不能访问安全设置");
    const [check, devices, history] = await Promise.all([
      unregisterCheck(token),
      listSignedInDevices(token),
      listSignInRecords(token),
    ]);
    return {
      phone: maskPhone(user.Phone),
      check,
      devices: devices.devices,
      records: history.records.map((r) => ({ ...r, method_label: SIGN_IN_METHOD_LABELS[r.method] })),
    };
  });
}

const DeviceForm = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/, "设备编号无效") });

const UnregisterForm = z.object({
  code: field.smsCode,
  agree: field.ticked("请阅读并同意《账号注销协议》"),
  confirm: field.ticked("请确认您了解注销后果"),
});

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: (r) => requireMainAccount(r, "子账号不能注销账号"),
    intents: (intent) => ({
      "sign-out-device": intent(DeviceForm, async ({ id }, { guard }) => {
        await signOutDevice(guard.token, id);
        return redirectWithToast("/console/safe", { message: "该设备已退出登录" });
      }),
      "sign-out-others": intent(z.object({}), async (_, { guard }) => {
        const { signed_out } = await signOutOtherDevices(guard.token);
        const message = signed_out > 0 ? `已退出其他 ${signed_out} 台设备` : "没有其他登录设备";
        return redirectWithToast("/console/safe", { message });
      }),
      "send-code": intent(z.object({}), async (_, { guard, form }) => {
        await sendVerifyCode(guard.user.Phone, "unregister", {
          clientAddress: requestClientAddress(request),
          captcha: captchaFieldsOf(form),
        });
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
  const { phone, check, devices, records } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.fieldErrors ?? {};
  return (
    <>
      <h1>安全设置</h1>
      <SignedInDevices devices={devices} error={result?.fieldErrors?.id ?? undefined} />
      <SignInHistory records={records} />
      <Panel>
        <PanelTitle>注销账号</PanelTitle>
        <p>
          注销后账号无法登录，子账号同时停用，未使用的权益作废。请先阅读
          <Link to="/unregisterAgreement">《账号注销协议》</Link>。
        </p>
        {!check.can_unregister ? (
          <div role="alert" data-testid="unregister-blockers">
            <p>当前账号暂不能注销：</p>
            <ul>
              {check.blockers.map((b) => (
                <li key={b.key}>{b.message}</li>
              ))}
            </ul>
          </div>
        ) : (
          <Form method="post" noValidate style={{ maxWidth: 460 }}>
            {result?.notice && <p role="status">{result.notice}</p>}
            {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
            <button
              type="submit"
              name="intent"
              value="unregister"
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
            />
            <SmsCodeField label={`短信验证码（发送至 ${phone}）`} error={errors.code} />
            <CheckboxField name="agree" error={errors.agree}>
              我已阅读并同意<Link to="/unregisterAgreement">《账号注销协议》</Link>
            </CheckboxField>
            <CheckboxField name="confirm" error={errors.confirm}>
              我确认注销账号，了解此操作不可恢复
            </CheckboxField>
            <CaptchaField captcha={result?.captcha} error={errors.captcha} />
            <StatusButton intent="unregister" variant="danger">
              确认注销
            </StatusButton>
          </Form>
        )}
      </Panel>
    </>
  );
}
