import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { WechatQr } from "~/components/login/WechatQr";
import { usePollEvery } from "~/components/login/usePollEvery";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import { handleWechatBindAction, wechatBindLoader } from "./wechat-bind.server";

export const meta: MetaFunction = () => [{ title: "绑定微信 · 算力云" }];

export function loader({ request }: LoaderFunctionArgs) {
  return wechatBindLoader(request);
}

export function action({ request }: ActionFunctionArgs) {
  return handleWechatBindAction(request);
}

const POLL_MS = 2000;

/** 绑定微信 (issue 38 §2): scan the official account's QR with the WeChat to bind; one WeChat binds one account. */
export default function WechatBindPage() {
  const { view } = useLoaderData<typeof loader>();
  usePollEvery(POLL_MS, view.state === "waiting");
  return (
    <>
      {view.state === "waiting" && (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      )}
      <h1>绑定微信</h1>
      <Panel>
        <PanelTitle>微信扫码绑定</PanelTitle>
        {view.state === "waiting" ? (
          <WechatQr
            qrSvg={view.qrSvg}
            sandboxLink={view.sandboxLink}
            expiresAt={view.expiresAt}
            hint="请使用要绑定的微信扫描二维码并关注公众号，扫码后本页面会自动完成绑定。"
          />
        ) : (
          <Form method="post">
            <p role="alert" data-testid="wechat-bind-refused">
              {view.state === "taken"
                ? "该微信已绑定其他账号，一个微信只能绑定一个账号。请换一个微信扫码。"
                : "二维码已过期，请重新获取二维码。"}
            </p>
            <StatusButton intent="refresh">重新获取二维码</StatusButton>
          </Form>
        )}
        <p>
          <Link to="/console/safe">返回安全设置</Link>
        </p>
      </Panel>
    </>
  );
}
