import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { AuthLayout, FormErrorText, Notice } from "~/components/shell/AuthLayout";
import { CaptchaField } from "~/components/ui/CaptchaField";
import { CheckboxField, Field } from "~/components/ui/Field";
import { PhoneField } from "~/components/ui/PhoneField";
import { SmsCodeField } from "~/components/ui/SmsCodeField";
import { styled } from "~/components/ui/stitches.config";
import { StatusButton } from "~/components/ui/StatusButton";
import { handleLoginAction, loginLoader } from "./actions.server";
import { SecondStepForm } from "./SecondStepForm";
import { LOGIN_TABS, TAB_LABELS, wechatLoginHref, type LoginTab } from "./tabs";

export const meta: MetaFunction = () => [{ title: "登录 / 注册 · 算力云" }];

export function loader({ request }: LoaderFunctionArgs) {
  return loginLoader(request);
}

export function action({ request }: ActionFunctionArgs) {
  return handleLoginAction(request);
}

const TabBar = styled("nav", {
  display: "flex",
  flexWrap: "wrap",
  gap: "$3",
  marginBottom: "$5",
  borderBottom: "1px solid #ECEDF0",
  a: { padding: "$2 0", color: "$mutedText", borderBottom: "2px solid transparent", marginBottom: -1 },
  "a[aria-current=page]": { color: "$primaryText", borderColor: "$primary", fontWeight: 600 },
  "a:hover": { textDecoration: "none", color: "$primaryText" },
});
const ForgotLine = styled("p", { textAlign: "right", margin: "$3 0 0", fontSize: "$md" });

export default function LoginPage() {
  const { tab, redirectTo, channel, honeypot: honeypotProps } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const values = result?.values ?? {};
  const errors = result?.fieldErrors ?? {};
  const tabHref = (t: LoginTab) => {
    const params = new URLSearchParams({ tab: t });
    if (redirectTo !== "/console/dashboard") params.set("redirectTo", redirectTo);
    if (channel === "sy") params.set("channel", "sy");
    return `/login?${params.toString()}`;
  };
  // Two-step login (decision 103): a first step that passed hands back its ticket; an expired one starts over.
  const ticket = values.ticket && !errors.ticket ? values.ticket : null;
  if (ticket)
    return (
      <AuthLayout>
        <h1 className="visually-hidden">登录算力云</h1>
        <HoneypotProvider {...honeypotProps}>
          <SecondStepForm
            ticket={ticket}
            redirectTo={redirectTo}
            notice={result?.notice ?? null}
            formError={result?.formError ?? null}
            codeError={errors.code}
            restartHref={tabHref(tab)}
          />
        </HoneypotProvider>
      </AuthLayout>
    );
  const needsCode = tab === "sms" || tab === "register" || tab === "company";
  const isRegister = tab === "register" || tab === "company";
  return (
    <AuthLayout>
      <h1 className="visually-hidden">{isRegister ? "注册算力云账号" : "登录算力云"}</h1>
      <TabBar aria-label="登录方式">
        {LOGIN_TABS.map((t) => (
          <Link key={t} to={tabHref(t)} aria-current={t === tab ? "page" : undefined} replace>
            {TAB_LABELS[t]}
          </Link>
        ))}
        <Link to={wechatLoginHref(redirectTo)} data-testid="wechat-login-tab">
          微信登录
        </Link>
      </TabBar>
      <HoneypotProvider {...honeypotProps}>
        <Form method="post" key={tab} noValidate>
          <HoneypotInputs label="请勿填写此项" />
          {/* Enter submits the tab's own action, not "获取验证码": the first submit button is the default. */}
          <button
            type="submit"
            name="intent"
            value={tab}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
          />
          <input type="hidden" name="tab" value={tab} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <input type="hidden" name="event_channel" value={channel} />
          {result?.notice && <Notice role="status">{result.notice}</Notice>}
          {result?.formError && <FormErrorText role="alert">{result.formError}</FormErrorText>}
          {errors.ticket && <FormErrorText role="alert">{errors.ticket}</FormErrorText>}
          {tab === "company" && (
            <>
              <Field
                label="企业名称"
                name="company_name"
                defaultValue={values.company_name}
                error={errors.company_name}
                maxLength={60}
              />
              <Field
                label="统一社会信用代码"
                name="credit_code"
                defaultValue={values.credit_code}
                error={errors.credit_code}
                maxLength={18}
              />
              <Field
                label="联系人姓名"
                name="contact_name"
                defaultValue={values.contact_name}
                error={errors.contact_name}
                maxLength={20}
              />
            </>
          )}
          <PhoneField
            label={tab === "sub" ? "主账号手机号" : "手机号"}
            defaultValue={values.phone}
            error={errors.phone}
          />
          {tab === "sub" && (
            <Field label="子账号名称" name="name" defaultValue={values.name} error={errors.name} maxLength={32} />
          )}
          {needsCode && <SmsCodeField error={errors.code} />}
          {tab !== "sms" && (
            <Field
              label={isRegister ? "设置密码" : "密码"}
              name="password"
              type="password"
              autoComplete={isRegister ? "new-password" : "current-password"}
              maxLength={128}
              error={errors.password}
              placeholder={isRegister ? "8-32位，包含字母和数字" : undefined}
            />
          )}
          {isRegister && (
            <CheckboxField name="agree" error={errors.agree} defaultChecked={values.agree === "1"}>
              我已阅读并同意
              <Link to="/agreements" target="_blank">
                《用户服务协议》
              </Link>
            </CheckboxField>
          )}
          <CaptchaField captcha={result?.captcha} error={errors.captcha} />
          <StatusButton intent={tab} block size="lg">
            {isRegister ? "注册并登录" : "登录"}
          </StatusButton>
        </Form>
      </HoneypotProvider>
      {(tab === "password" || tab === "sms" || tab === "sub") && (
        <ForgotLine>
          <Link to="/login/forgot" data-testid="forgot-password">
            忘记密码
          </Link>
        </ForgotLine>
      )}
    </AuthLayout>
  );
}
