import { data, redirect } from "@remix-run/node";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import * as accounts from "~/upstream/accounts.server";
import { readBdVid } from "~/utils/bd-vid.server";
import { failure, parseForm, upstreamFailure } from "~/utils/forms.server";
import { clientIp, commitSessionToken, safeRedirectPath } from "~/utils/session.server";
import { toastHeader } from "~/utils/toast.server";
import { maskPhone } from "~/utils/user-figures";
import {
  CompanyRegisterSchema,
  PasswordLoginSchema,
  RegisterSchema,
  SendCodeSchema,
  SmsLoginSchema,
  SubLoginSchema,
} from "./schemas";
import { CODE_PURPOSE, parseTab } from "./tabs";

export const honeypot = new Honeypot({ validFromFieldName: null });

async function loggedIn(token: string, form: FormData, message: string) {
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSessionToken(token));
  headers.append("Set-Cookie", await toastHeader({ type: "success", message }));
  return redirect(safeRedirectPath(form.get("redirectTo")), { headers });
}

/** One action for the five tabs; the submit button's `intent` says which form was sent. */
export async function handleLoginAction(request: Request) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    honeypot.check(form);
  } catch (error) {
    if (error instanceof SpamError) return failure(intent, form, {}, "提交异常，请刷新页面后重试");
    throw error;
  }
  const options = { clientIp: clientIp(request) };
  const channel = form.get("event_channel") === "sy" ? "sy" : "dl";
  const bdVid = (await readBdVid(request)) ?? undefined;

  try {
    switch (intent) {
      case "send-code": {
        const tab = parseTab(String(form.get("tab") ?? ""));
        const purpose = tab === "sms" || tab === "register" || tab === "company" ? CODE_PURPOSE[tab] : null;
        if (!purpose) return failure(intent, form, {}, "请求有误，请刷新页面后重试");
        const parsed = parseForm(SendCodeSchema, form);
        if (!parsed.success) return failure(intent, form, parsed.fieldErrors);
        await accounts.sendVerifyCode(parsed.data.phone, purpose, options);
        return data({
          ok: true as const,
          intent,
          notice: `验证码已发送至 ${maskPhone(parsed.data.phone)}，10分钟内有效`,
          values: { phone: parsed.data.phone, ...pickTyped(form) },
        });
      }
      case "password": {
        const parsed = parseForm(PasswordLoginSchema, form);
        if (!parsed.success) return failure(intent, form, parsed.fieldErrors);
        const { token } = await accounts.loginWithPassword(parsed.data.phone, parsed.data.password, options);
        return loggedIn(token, form, "登录成功");
      }
      case "sms": {
        const parsed = parseForm(SmsLoginSchema, form);
        if (!parsed.success) return failure(intent, form, parsed.fieldErrors);
        const { token } = await accounts.loginWithCode(parsed.data.phone, parsed.data.code, options);
        return loggedIn(token, form, "登录成功");
      }
      case "sub": {
        const parsed = parseForm(SubLoginSchema, form);
        if (!parsed.success) return failure(intent, form, parsed.fieldErrors);
        const { token } = await accounts.loginSubAccount(
          parsed.data.phone,
          parsed.data.name,
          parsed.data.password,
          options,
        );
        return loggedIn(token, form, "登录成功");
      }
      case "register": {
        const parsed = parseForm(RegisterSchema, form);
        if (!parsed.success) return failure(intent, form, parsed.fieldErrors);
        const { token } = await accounts.register(
          { ...parsed.data, agree: true, eventChannel: channel, bdVid },
          options,
        );
        return loggedIn(token, form, "注册成功，欢迎使用");
      }
      case "company": {
        const parsed = parseForm(CompanyRegisterSchema, form);
        if (!parsed.success) return failure(intent, form, parsed.fieldErrors);
        const d = parsed.data;
        const { token } = await accounts.registerCompany(
          {
            phone: d.phone,
            code: d.code,
            password: d.password,
            agree: true,
            eventChannel: channel,
            bdVid,
            companyName: d.company_name,
            creditCode: d.credit_code,
            contactName: d.contact_name,
          },
          options,
        );
        return loggedIn(token, form, "企业账号注册成功");
      }
      default:
        return failure(intent, form, {}, "请求有误，请刷新页面后重试");
    }
  } catch (error) {
    return upstreamFailure(intent, form, error, { mainPhone: "phone", agree: "agree" });
  }
}

/** The non-secret fields a send-code round trip must keep (company details typed before asking for a code). */
function pickTyped(form: FormData): Record<string, string> {
  const keep: Record<string, string> = {};
  for (const key of ["company_name", "credit_code", "contact_name", "name"]) {
    const v = form.get(key);
    if (typeof v === "string" && v.length <= 100) keep[key] = v;
  }
  return keep;
}
