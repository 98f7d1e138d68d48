import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Button } from "~/components/ui/Button";
import { CheckboxField, Field, FieldError } from "~/components/ui/Field";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { sendVerifyCode, unregister, unregisterCheck } from "~/upstream/accounts.server";
import { failure, parseForm, upstreamFailure } from "~/utils/forms.server";
import { assertSameOrigin } from "~/utils/origin.server";
import { clientIp, destroySessionCookie, requireUser } from "~/utils/session.server";
import { toastHeader } from "~/utils/toast.server";
import { maskPhone } from "~/utils/user-figures";
import { CODE_PATTERN } from "../../platform/rules/validation";

export const meta: MetaFunction = () => [{ title: "安全设置 · 算力云" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request);
  if (user.SubAccount) throw new Response("子账号不能访问安全设置", { status: 403 });
  const check = await unregisterCheck(token);
  return { phone: maskPhone(user.Phone), check };
}

const UnregisterForm = z.object({
  code: z.string({ required_error: "请填写验证码" }).trim().regex(CODE_PATTERN, "验证码为6位数字"),
  agree: z.literal("1", { errorMap: () => ({ message: "请阅读并同意《账号注销协议》" }) }),
  confirm: z.literal("1", { errorMap: () => ({ message: "请确认您了解注销后果" }) }),
});

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const { token, user } = await requireUser(request);
  if (user.SubAccount) throw new Response("子账号不能注销账号", { status: 403 });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "send-code") {
      await sendVerifyCode(user.Phone, "unregister", { clientIp: clientIp(request) });
      return data({
        ok: true as const,
        intent,
        notice: `验证码已发送至 ${maskPhone(user.Phone)}`,
        values: {},
        fieldErrors: {},
        formError: null,
      });
    }
    if (intent === "unregister") {
      const parsed = parseForm(UnregisterForm, form);
      if (!parsed.success) return failure(intent, form, parsed.fieldErrors);
      await unregister(token, parsed.data.code, true);
      const headers = new Headers();
      headers.append("Set-Cookie", await destroySessionCookie());
      headers.append("Set-Cookie", await toastHeader({ type: "success", message: "账号已注销" }));
      return redirect("/login", { headers });
    }
  } catch (error) {
    return upstreamFailure(intent, form, error);
  }
  return failure(intent, form, {}, "请求有误，请刷新页面后重试");
}

type Result = {
  ok: boolean;
  notice?: string;
  fieldErrors: Record<string, string>;
  formError: string | null;
  values: Record<string, string>;
};

export default function SafePage() {
  const { phone, check } = useLoaderData<typeof loader>();
  const result = useActionData<Result>();
  const errors = result?.fieldErrors ?? {};
  return (
    <>
      <h1>安全设置</h1>
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
            <Field
              label={`短信验证码（发送至 ${phone}）`}
              name="code"
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
              error={errors.code}
              aside={
                <Button type="submit" name="intent" value="send-code" variant="secondary" formNoValidate>
                  获取验证码
                </Button>
              }
            />
            <CheckboxField name="agree" error={errors.agree}>
              我已阅读并同意<Link to="/unregisterAgreement">《账号注销协议》</Link>
            </CheckboxField>
            <CheckboxField name="confirm" error={errors.confirm}>
              我确认注销账号，了解此操作不可恢复
            </CheckboxField>
            <SubmitButton intent="unregister" variant="danger">
              确认注销
            </SubmitButton>
          </Form>
        )}
      </Panel>
    </>
  );
}
