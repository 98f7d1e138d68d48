import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { MembershipTable } from "~/components/console/MembershipTable";
import { Field } from "~/components/ui/Field";
import { Badge, Panel, PanelTitle, Table } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import type { NoticeEmailWire } from "~/upstream/accounts.server";
import { changeNoticeEmail, getVipInfos } from "~/upstream/accounts.server";
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
    }),
  });
}

/** What the user is told after saving: the address is saved in every case; the confirmation may not be. */
function noticeEmailToast({ email, confirmation }: NoticeEmailWire): { type: "success" | "info"; message: string } {
  switch (confirmation) {
    case "sent":
      return { type: "success", message: `通知邮箱已更新，确认邮件已发送至 ${email}` };
    case "unchanged":
      return { type: "success", message: "通知邮箱已更新" };
    case "failed":
      return {
        type: "info",
        message: `通知邮箱已保存，但确认邮件未能发送至 ${email}，请检查地址是否正确，或稍后重新保存`,
      };
    case "limited":
      return { type: "info", message: "通知邮箱已保存；今天的确认邮件已达上限，本次未发送" };
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
          <p>实例到期、余额不足等重要通知将同时发送到此邮箱。当前：{user.NoticeEmail ?? "未设置"}</p>
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
