import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { WechatQr } from "~/components/login/WechatQr";
import { usePollEvery } from "~/components/login/usePollEvery";
import { AuthLayout, FormErrorText, Notice } from "~/components/shell/AuthLayout";
import { CaptchaField } from "~/components/ui/CaptchaField";
import { PhoneField } from "~/components/ui/PhoneField";
import { SmsCodeField } from "~/components/ui/SmsCodeField";
import { StatusButton } from "~/components/ui/StatusButton";
import { styled } from "~/components/ui/stitches.config";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import { SecondStepForm } from "../login/SecondStepForm";
import { handleWechatLoginAction, wechatLoginLoader } from "./wechat-login.server";

export const meta: MetaFunction = () => [{ title: "微信登录 · 算力云" }];

export function loader({ request }: LoaderFunctionArgs) {
  return wechatLoginLoader(request);
}

export function action({ request }: ActionFunctionArgs) {
  return handleWechatLoginAction(request);
}

/** The login page polls every 2 s (issue 38 §2). */
const POLL_MS = 2000;

const Back = styled("p", { textAlign: "right", margin: "$3 0 0", fontSize: "$md" });

/**
 * 微信登录 (issue 38 §2): scan the official account's QR with WeChat. A WeChat user bound to an account is signed in;
 * a new one binds the phone of an existing account with an SMS code. With JavaScript the page asks every 2 s;
 * without, it refreshes itself.
 */
export default function WechatLoginPage() {
  const { view, honeypot } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.fieldErrors ?? {};
  usePollEvery(POLL_MS, view.state === "waiting");
  // Two-step login on (decision 103): the second step, answered by /login's own action.
  const ticket = view.state === "second_step" ? view.ticket : result?.values.ticket;
  if (ticket)
    return (
      <AuthLayout>
        <h1 className="visually-hidden">微信登录</h1>
        <HoneypotProvider {...honeypot}>
          <SecondStepForm
            action="/login"
            ticket={ticket}
            redirectTo={view.redirectTo}
            notice={view.state === "second_step" ? view.notice : (result?.notice ?? null)}
            formError={null}
            codeError={undefined}
            restartHref="/login/wechat"
          />
        </HoneypotProvider>
      </AuthLayout>
    );
  return (
    <AuthLayout>
      {view.state === "waiting" && (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      )}
      <h1>微信登录</h1>
      {result?.notice && <Notice role="status">{result.notice}</Notice>}
      {result?.formError && <FormErrorText role="alert">{result.formError}</FormErrorText>}
      {view.state === "waiting" && (
        <WechatQr
          qrSvg={view.qrSvg}
          sandboxLink={view.sandboxLink}
          expiresAt={view.expiresAt}
          hint="请使用微信扫描二维码并关注公众号，扫码后本页面会自动登录。"
        />
      )}
      {view.state === "expired" && (
        <Form method="post">
          <input type="hidden" name="redirectTo" value={view.redirectTo} />
          <p role="status" data-testid="wechat-expired">
            二维码已过期，请刷新二维码后重新扫码。
          </p>
          <StatusButton intent="refresh" block size="lg">
            刷新二维码
          </StatusButton>
        </Form>
      )}
      {view.state === "bind_phone" && (
        <Form method="post" noValidate>
          {/* Enter submits 绑定并登录, not 获取验证码: the first submit button is the default. */}
          <button
            type="submit"
            name="intent"
            value="bind"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
          />
          <input type="hidden" name="redirectTo" value={view.redirectTo} />
          <p role="status" data-testid="wechat-bind-phone">
            微信「{view.nickname}」尚未绑定账号。请输入已注册账号的手机号，验证后将绑定该微信并登录。
          </p>
          <PhoneField defaultValue={result?.values.phone} error={errors.phone} />
          <SmsCodeField error={errors.code} />
          <CaptchaField captcha={result?.captcha} error={errors.captcha} />
          <StatusButton intent="bind" block size="lg">
            绑定并登录
          </StatusButton>
          <p>
            还没有账号？<Link to="/login?tab=register">注册账号</Link>，注册后在「账号安全」中绑定微信。
          </p>
        </Form>
      )}
      <Back>
        <Link to="/login?tab=password">使用手机号登录</Link>
      </Back>
    </AuthLayout>
  );
}
