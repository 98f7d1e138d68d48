import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { DeskFrame } from "~/components/desk/DeskFrame";
import { CaptchaField } from "~/components/ui/CaptchaField";
import { Field, FieldError } from "~/components/ui/Field";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import { StatusButton } from "~/components/ui/StatusButton";
import { staffLogin } from "~/upstream/desk.server";
import { captchaFieldsOf } from "~/upstream/security.server";
import { anyone, formAction } from "~/utils/action.server";
import { requestClientAddress } from "~/utils/client-address.server";
import { commitStaffToken, deskRedirect, getStaffToken } from "~/utils/desk-session.server";
import { toastHeader } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "员工登录 · 客服工作台" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = deskRedirect(new URL(request.url).searchParams.get("redirectTo"));
  // A staff cookie goes on to the desk, whose guard checks it (and comes back here when it is dead).
  if (await getStaffToken(request)) throw redirect(redirectTo);
  return data({ redirectTo }, { headers: { "Cache-Control": "private, no-store" } });
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const StaffLoginSchema = z.object({
  login: z.string().trim().min(1, "请填写登录名").max(32, "登录名过长"),
  password: z.string().min(1, "请填写密码").max(128, "密码过长"),
});

export function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: anyone,
    intents: (intent) => ({
      login: intent(StaffLoginSchema, async ({ login, password }, { form }) => {
        const { token } = await staffLogin(login, password, {
          clientAddress: requestClientAddress(request),
          captcha: captchaFieldsOf(form),
        });
        const headers = new Headers();
        headers.append("Set-Cookie", await commitStaffToken(token));
        headers.append("Set-Cookie", await toastHeader({ type: "success", message: "登录成功" }));
        return redirect(deskRedirect(form.get("redirectTo")), { headers });
      }),
    }),
  });
}

const Card = styled(Panel, { maxWidth: 420, margin: "$6 auto" });

export default function DeskLoginPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.fieldErrors ?? {};
  return (
    <DeskFrame staff={null}>
      <Card>
        <PanelTitle as="h1">员工登录</PanelTitle>
        <Form method="post" noValidate>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
          <Field
            label="登录名"
            name="login"
            autoComplete="username"
            maxLength={32}
            defaultValue={result?.values.login}
            error={errors.login}
          />
          <Field
            label="密码"
            name="password"
            type="password"
            autoComplete="current-password"
            maxLength={128}
            error={errors.password}
          />
          <CaptchaField captcha={result?.captcha} error={errors.captcha} />
          <StatusButton intent="login" block size="lg">
            登录
          </StatusButton>
        </Form>
      </Card>
    </DeskFrame>
  );
}
