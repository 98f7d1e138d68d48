import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { MembershipTable } from "~/components/console/MembershipTable";
import { Field } from "~/components/ui/Field";
import { Badge, Muted, Panel, PanelTitle, Table } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import type { NoticeEmailWire } from "~/upstream/accounts.server";
import { changeNoticeEmail, getVipInfos, resendNoticeEmailConfirmation } from "~/upstream/accounts.server";
import { formAction } from "~/utils/action.server";
import { formatDateTime } from "~/utils/format";
import { LogoutForm } from "~/components/shell/LogoutForm";
import { requireMainAccount, requireUserWith } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { balanceLines, maskPhone, userFigures } from "~/utils/user-figures";
import * as field from "../../platform/rules/fields";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "账号信息 · 算力云" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { user, loaded } = await requireUserWith(request, getVipInfos);
    return { user, vipInfos: loaded.vipInfos };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: (r) => requireMainAccount(r, "子账号不能设置通知邮箱"),
    intents: (intent) => ({
      email: intent(z.object({ email: field.email }), async ({ email }, { guard }) => {
        const saved = await changeNoticeEmail(guard.token, email);
        return redirectWithToast("/console/accountInfo", noticeEmailToast(saved));
      }),
      resend: intent(z.object({}), async (_input, { guard }) => {
        const sent = await resendNoticeEmailConfirmation(guard.token);
        return redirectWithToast("/console/accountInfo", noticeEmailToast(sent));
      }),
    }),
  });
}

/** What the user is told after saving or asking again: the address is saved in every case; the link may not be sent. */
function noticeEmailToast({ email, confirmation }: NoticeEmailWire): { type: "success" | "info"; message: string } {
  switch (confirmation) {
    case "sent":
      return { type: "success", message: `验证邮件已发送至 ${email}，请在 24 小时内打开邮件中的链接完成验证` };
    case "unchanged":
      return { type: "success", message: "通知邮箱未变更" };
    case "failed":
      return {
        type: "info",
        message: `通知邮箱已保存，但验证邮件未能发送至 ${email}，请检查地址是否正确，或稍后重新发送验证邮件`,
      };
    case "limited":
      return { type: "info", message: "通知邮箱已保存；今天的验证邮件已达上限，请明天再重新发送" };
  }
}

export default function AccountInfoPage() {
  const { user, vipInfos } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const f = userFigures(user);
  return (
    <>
      <h1>账号信息</h1>
      <Panel>
        <PanelTitle>基本资料</PanelTitle>
        <Table>
          <tbody>
            <tr>
              <th>账号名称</th>
              <td>{user.SubAccount ? user.SubAccount.Name : user.Name}</td>
            </tr>
            <tr>
              <th>账号类型</th>
              <td>
                <Badge tone={f.isSub ? "muted" : "primary"} data-testid="account-kind">
                  {f.isSub ? "子账号" : "主账号"}
                </Badge>{" "}
                {!f.isSub && (user.AccountType === "enterprise" ? "企业账号" : "个人账号")}
                {!f.isSub && (
                  <Badge tone="muted" css={{ marginLeft: 8 }}>
                    未认证
                  </Badge>
                )}
              </td>
            </tr>
            {user.CompanyName && (
              <tr>
                <th>企业名称</th>
                <td>{user.CompanyName}</td>
              </tr>
            )}
            <tr>
              <th>{f.isSub ? "主账号手机号" : "手机号"}</th>
              <td data-testid="account-phone">{maskPhone(user.Phone)}</td>
            </tr>
            {balanceLines(f).map((line) => (
              <tr key={line.label}>
                <th>{line.label}</th>
                <td>{line.value}</td>
              </tr>
            ))}
            <tr>
              <th>注册时间</th>
              <td>{formatDateTime(user.CreatedAt)}</td>
            </tr>
          </tbody>
        </Table>
      </Panel>
      {!f.isSub && (
        <Panel id="membership">
          <PanelTitle>会员等级</PanelTitle>
          <MembershipTable vipInfos={vipInfos} figures={f} />
        </Panel>
      )}
      {!f.isSub && (
        <Panel>
          <PanelTitle>通知邮箱</PanelTitle>
          <p>
            实例到期、余额不足、工单回复等通知将发送到此邮箱（验证后生效）。当前：{user.NoticeEmail ?? "未设置"}{" "}
            {user.NoticeEmail && (
              <Badge tone={user.NoticeEmailConfirmed ? "primary" : "gold"} data-testid="notice-email-state">
                {user.NoticeEmailConfirmed ? "已验证" : "待验证"}
              </Badge>
            )}
          </p>
          {user.NoticeEmail && !user.NoticeEmailConfirmed && (
            <Form method="post" noValidate style={{ marginBottom: 16 }}>
              <Muted>请打开发送到该邮箱的验证邮件，点击其中的链接完成验证。</Muted>{" "}
              <StatusButton intent="resend" variant="secondary" size="sm" pendingText="发送中…">
                重新发送验证邮件
              </StatusButton>
            </Form>
          )}
          <Form method="post" noValidate style={{ maxWidth: 420 }}>
            <Field
              label="通知邮箱"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              defaultValue={result?.values.email ?? user.NoticeEmail ?? ""}
              error={result?.fieldErrors.email ?? result?.formError}
            />
            <StatusButton intent="email">保存</StatusButton>
          </Form>
        </Panel>
      )}
      {/* The account menu's page without JavaScript (its trigger links here), so its 退出登录 is here too. */}
      <Panel css={{ maxWidth: 200 }}>
        <LogoutForm />
      </Panel>
    </>
  );
}
