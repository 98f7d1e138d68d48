import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { LogoMark } from "~/components/shell/icons";
import { CaptchaField } from "~/components/ui/CaptchaField";
import { CheckboxField, Field, FieldError } from "~/components/ui/Field";
import { styled } from "~/components/ui/stitches.config";
import { StatusButton } from "~/components/ui/StatusButton";
import { requestedRedirect } from "~/utils/safe-redirect";
import { getRequestUser } from "~/utils/session.server";
import { redirect } from "@remix-run/node";
import { handleLoginAction, honeypot } from "./actions.server";
import { LOGIN_TABS, parseTab, TAB_LABELS, type LoginTab } from "./tabs";

export const meta: MetaFunction = () => [{ title: "登录 / 注册 · 算力云" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = requestedRedirect(url.searchParams.get("redirectTo"));
  // Someone already logged in goes straight on.
  if (await getRequestUser(request)) throw redirect(redirectTo);
  return {
    tab: parseTab(url.searchParams.get("tab")),
    redirectTo,
    channel: url.searchParams.get("channel") === "sy" ? "sy" : "dl",
    honeypot: honeypot.getInputProps(),
  };
}

export function action({ request }: ActionFunctionArgs) {
  return handleLoginAction(request);
}

const Screen = styled("div", {
  minHeight: "100vh",
  display: "grid",
  "@desktop": { gridTemplateColumns: "1fr 480px" },
  backgroundColor: "$page",
});
const Hero = styled("aside", {
  display: "none",
  "@desktop": { display: "flex" },
  flexDirection: "column",
  justifyContent: "center",
  padding: "0 8%",
  background: "linear-gradient(135deg, #1A191F 0%, #23315F 100%)",
  color: "white",
  "p:first-child": { fontSize: 36, fontWeight: 700, lineHeight: 1.3, margin: "0 0 $4", color: "white" },
  p: { color: "#C9D6FF", fontSize: "$lg" },
  a: { color: "white" },
});
const Card = styled("main", {
  backgroundColor: "white",
  padding: "$5 $4",
  "@desktop": { padding: "$6 $5", justifyContent: "center" },
  display: "flex",
  flexDirection: "column",
});
/** On a phone the hero is hidden: the brand and the way back to the market stand above the form. */
const PhoneHeader = styled("div", {
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  marginBottom: "$5",
  "@desktop": { display: "none" },
  "a:first-child": {
    display: "flex",
    alignItems: "center",
    gap: "$2",
    fontWeight: 700,
    fontSize: "$lg",
    color: "$text",
  },
  "a:last-child": { padding: "$2 0" },
});
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
const Notice = styled("p", { color: "$successText", fontSize: "$sm", margin: "0 0 $3" });
const FormErrorText = styled(FieldError, { marginBottom: "$3", fontSize: "$md" });

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
  const needsCode = tab === "sms" || tab === "register" || tab === "company";
  const isRegister = tab === "register" || tab === "company";
  return (
    <Screen>
      <Hero aria-label="算力云">
        <p>GPU 算力，按需租用</p>
        <p>云主机、容器实例、裸金属服务器，按小时、按天、按月计费。</p>
        <p>
          <Link to="/store">← 返回算力市场</Link>
        </p>
      </Hero>
      <Card>
        <PhoneHeader>
          <Link to="/store" aria-label="算力云首页">
            <LogoMark />
            <span>算力云</span>
          </Link>
          <Link to="/store">返回算力市场</Link>
        </PhoneHeader>
        <h1 className="visually-hidden">{isRegister ? "注册算力云账号" : "登录算力云"}</h1>
        <TabBar aria-label="登录方式">
          {LOGIN_TABS.map((t) => (
            <Link key={t} to={tabHref(t)} aria-current={t === tab ? "page" : undefined} replace>
              {TAB_LABELS[t]}
            </Link>
          ))}
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
            <Field
              label={tab === "sub" ? "主账号手机号" : "手机号"}
              name="phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={11}
              defaultValue={values.phone}
              error={errors.phone}
            />
            {tab === "sub" && (
              <Field label="子账号名称" name="name" defaultValue={values.name} error={errors.name} maxLength={32} />
            )}
            {needsCode && (
              <Field
                label="短信验证码"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                error={errors.code}
                aside={
                  <StatusButton intent="send-code" variant="secondary" formNoValidate pendingText="发送中…">
                    获取验证码
                  </StatusButton>
                }
              />
            )}
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
      </Card>
    </Screen>
  );
}
