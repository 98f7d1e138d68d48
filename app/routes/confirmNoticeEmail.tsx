import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { FieldError } from "~/components/ui/Field";
import { Page, Panel } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import { confirmNoticeEmail } from "~/upstream/accounts.server";
import { anyone, formAction } from "~/utils/action.server";

export const meta: MetaFunction = () => [
  { title: "验证通知邮箱 · 算力云" },
  { name: "referrer", content: "same-origin" },
];

/** Opening the link changes nothing (a mail scanner may open it): the page only offers the 确认 button. */
export function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

const MISSING = "验证链接不完整，请从验证邮件中重新打开，或在账号信息中重新发送验证邮件";

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: anyone,
    intents: (intent) => ({
      confirm: intent(z.object({ token: z.string({ message: MISSING }).min(1, MISSING) }), async ({ token }) => {
        const confirmed = await confirmNoticeEmail(token);
        return {
          notice: confirmed.already
            ? `通知邮箱 ${confirmed.email} 此前已完成验证，无需重复操作`
            : `通知邮箱 ${confirmed.email} 验证成功，工单回复等通知将发送到此邮箱`,
        };
      }),
    }),
  });
}

/** The page a notice-email confirmation link opens (public, decision 059 addendum): one POST button. */
export default function ConfirmNoticeEmailPage() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const error = result?.fieldErrors.token ?? result?.formError ?? (token ? null : MISSING);
  return (
    <Page>
      <Panel css={{ maxWidth: 560, margin: "0 auto" }}>
        <h1>验证通知邮箱</h1>
        {result?.ok ? (
          <p role="status" data-testid="notice-email-confirmed">
            {result.notice}
          </p>
        ) : (
          <>
            <p>确认后，该邮箱将接收本账号的工单回复等通知。</p>
            {error && (
              <FieldError role="alert" data-testid="notice-email-confirm-error">
                {error}
              </FieldError>
            )}
            {token && (
              <Form method="post" replace>
                <input type="hidden" name="token" value={token} />
                <StatusButton intent="confirm" pendingText="确认中…">
                  确认
                </StatusButton>
              </Form>
            )}
          </>
        )}
        <p>
          <Link to="/console/accountInfo">前往账号信息</Link>
        </p>
      </Panel>
    </Page>
  );
}
