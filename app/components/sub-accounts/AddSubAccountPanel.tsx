import { Form } from "@remix-run/react";
import { Field, FieldError } from "../ui/Field";
import { Panel, PanelTitle } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import type { SubAccountFormResult } from "./form-result";

/** 添加子账号: a name, a password and a money limit (yuan). A plain form: works without JavaScript. */
export function AddSubAccountPanel({ result }: { result: SubAccountFormResult | null }) {
  const errors = result?.fieldErrors ?? {};
  return (
    <Panel aria-labelledby="add-sub-title">
      <PanelTitle id="add-sub-title">添加子账号</PanelTitle>
      <p>子账号使用主账号的余额租用实例，花费不超过您设定的额度；子账号不能充值、查看财务或进行实名认证。</p>
      <Form method="post" noValidate style={{ maxWidth: 460 }}>
        {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
        <Field
          label="子账号名称"
          name="name"
          maxLength={32}
          autoComplete="off"
          defaultValue={result?.values.name ?? ""}
          error={errors.name}
        />
        <Field
          label="登录密码"
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={32}
          error={errors.password}
        />
        <Field
          label="可用额度（元）"
          name="money_limit"
          inputMode="decimal"
          maxLength={20}
          defaultValue={result?.values.money_limit ?? ""}
          error={errors.money_limit}
        />
        <StatusButton intent="add">添加子账号</StatusButton>
      </Form>
    </Panel>
  );
}
