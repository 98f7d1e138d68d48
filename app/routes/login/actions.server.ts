import { redirect } from "@remix-run/node";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { z } from "zod";
import * as accounts from "~/upstream/accounts.server";
import { loginSecondStep, type LoginReplyWire } from "~/upstream/two-step.server";
import { anyone, formAction } from "~/utils/action.server";
import { readBdVid } from "~/utils/bd-vid.server";
import { readReferralTouch } from "~/utils/referral-touch.server";
import { captchaFieldsOf } from "~/upstream/security.server";
import { requestClientAddress } from "~/utils/client-address.server";
import { requestedRedirect } from "~/utils/safe-redirect";
import { commitSessionToken, getRequestUser } from "~/utils/session.server";
import { toastHeader } from "~/utils/toast.server";
import { maskPhone } from "~/utils/user-figures";
import {
  CompanyRegisterSchema,
  PasswordLoginSchema,
  RegisterSchema,
  SecondStepSchema,
  SendCodeSchema,
  SmsLoginSchema,
  SubLoginSchema,
} from "./schemas";
import { CODE_PURPOSE, parseTab } from "./tabs";

export const honeypot = new Honeypot({ validFromFieldName: null });

/**
 * The login page's loader: someone already logged in goes straight on; else the tab, where to go after, the
 * channel and the honeypot fields. (The route imports its server code from this module only.)
 */
export async function loginLoader(request: Request) {
  const url = new URL(request.url);
  const redirectTo = requestedRedirect(url.searchParams.get("redirectTo"));
  if (await getRequestUser(request)) throw redirect(redirectTo);
  return {
    tab: parseTab(url.searchParams.get("tab")),
    redirectTo,
    channel: url.searchParams.get("channel") === "sy" ? ("sy" as const) : ("dl" as const),
    honeypot: honeypot.getInputProps(),
  };
}

async function loggedIn(token: string, form: FormData, message: string) {
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSessionToken(token));
  headers.append("Set-Cookie", await toastHeader({ type: "success", message }));
  return redirect(requestedRedirect(form.get("redirectTo")), { headers });
}

/**
 * A login's reply: signed in, or (two-step login on, decision 103) the second step's form, its ticket handed back
 * to the page for a hidden field (never a URL).
 */
async function afterLogin(reply: LoginReplyWire, form: FormData) {
  if (!reply.need_second_step) return loggedIn(reply.token, form, "登录成功");
  return {
    notice: "该账号已开启两步验证，请输入验证器应用中的 6 位验证码或一个恢复码",
    values: { ticket: reply.ticket },
  };
}

/** A filled honeypot field: a bot. */
function spamCheck(form: FormData): string | null {
  try {
    honeypot.check(form);
    return null;
  } catch (error) {
    if (error instanceof SpamError) return "提交异常，请刷新页面后重试";
    throw error;
  }
}

const STALE_FORM = "请求有误，请刷新页面后重试";

/** The send-code button of the SMS, register and company tabs: the tab says what the code is for. */
const SendCodeForm = SendCodeSchema.extend({ tab: z.string().max(16).optional() }).transform((input, ctx) => {
  const tab = parseTab(input.tab ?? "");
  if (tab === "sms" || tab === "register" || tab === "company")
    return { phone: input.phone, purpose: CODE_PURPOSE[tab] };
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: STALE_FORM });
  return z.NEVER;
});

/** One action for the five tabs; the submit button's `intent` says which form was sent. */
export async function handleLoginAction(request: Request) {
  const clientAddress = requestClientAddress(request);
  const clientUserAgent = request.headers.get("user-agent");
  const guarded = (form: FormData) => ({ clientAddress, clientUserAgent, captcha: captchaFieldsOf(form) });
  const signUp = async (form: FormData) => ({
    agree: true,
    eventChannel: form.get("event_channel") === "sy" ? ("sy" as const) : ("dl" as const),
    bdVid: (await readBdVid(request)) ?? undefined,
    referralTouch: (await readReferralTouch(request)) ?? undefined,
  });
  return formAction(request, {
    guard: anyone,
    before: spamCheck,
    fieldAliases: { mainPhone: "phone", agree: "agree" },
    intents: (intent) => ({
      "send-code": intent(SendCodeForm, async ({ phone, purpose }, { form }) => {
        await accounts.sendVerifyCode(phone, purpose, guarded(form));
        return { notice: `验证码已发送至 ${maskPhone(phone)}，10分钟内有效` };
      }),
      password: intent(PasswordLoginSchema, async ({ phone, password }, { form }) =>
        afterLogin(await accounts.loginWithPassword(phone, password, guarded(form)), form),
      ),
      sms: intent(SmsLoginSchema, async ({ phone, code }, { form }) =>
        afterLogin(await accounts.loginWithCode(phone, code, guarded(form)), form),
      ),
      sub: intent(SubLoginSchema, async ({ phone, name, password }, { form }) =>
        afterLogin(await accounts.loginSubAccount(phone, name, password, guarded(form)), form),
      ),
      "second-step": intent(SecondStepSchema, async ({ ticket, code }, { form }) => {
        const { token } = await loginSecondStep(ticket, code, guarded(form));
        return loggedIn(token, form, "登录成功");
      }),
      register: intent(RegisterSchema, async ({ phone, code, password }, { form }) => {
        const { token } = await accounts.register({ phone, code, password, ...(await signUp(form)) }, guarded(form));
        return loggedIn(token, form, "注册成功，欢迎使用");
      }),
      company: intent(CompanyRegisterSchema, async (d, { form }) => {
        const { token } = await accounts.registerCompany(
          {
            phone: d.phone,
            code: d.code,
            password: d.password,
            ...(await signUp(form)),
            companyName: d.company_name,
            creditCode: d.credit_code,
            contactName: d.contact_name,
          },
          guarded(form),
        );
        return loggedIn(token, form, "企业账号注册成功");
      }),
    }),
  });
}
