import { Form } from "@remix-run/react";
import { CopyButton } from "../ui/CopyButton";
import { CheckboxField, Field, FieldError, TextArea } from "../ui/Field";
import { Panel, PanelTitle } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import type { OpenApiScopeWire } from "~/upstream/open-api.server";

export interface CreateKeyResult {
  ok: boolean;
  notice: string | null;
  fieldErrors: Record<string, string | undefined>;
  formError: string | null;
  values: Record<string, string>;
}

const SCOPES = [
  { name: "scope_instances_read", scope: "instances:read" },
  { name: "scope_instances_write", scope: "instances:write" },
  { name: "scope_finance_read", scope: "finance:read" },
] as const;

/**
 * 创建访问密钥 (issue 38 §4): a name, scopes, an optional address allow-list and expiry. After creation the secret is
 * shown here once, from the action's answer (page state): reloading the page loses it for good.
 */
export function CreateKeyPanel({
  count,
  max,
  labels,
  result,
}: {
  count: number;
  max: number;
  /** Each scope's Chinese name (the contract's labels, from the loader). */
  labels: Record<OpenApiScopeWire, string>;
  result: CreateKeyResult | null;
}) {
  const errors = result?.fieldErrors ?? {};
  const typed = result && !result.ok ? result.values : {};
  const secret = result?.ok ? result.values.created_secret : undefined;
  const keyId = result?.ok ? result.values.created_key_id : undefined;
  return (
    <Panel aria-labelledby="create-key-title">
      <PanelTitle id="create-key-title">创建访问密钥</PanelTitle>
      {secret && keyId && (
        <div role="status" data-testid="new-key-secret">
          <p>{result?.notice}。请立即保存密钥，关闭或刷新本页后将无法再次查看。</p>
          <p>
            AccessKey ID：<code data-testid="new-key-id">{keyId}</code>
          </p>
          <p>
            AccessKey Secret：<code data-testid="new-key-secret-value">{secret}</code>{" "}
            <CopyButton text={secret} label="复制" name="AccessKey Secret" />
          </p>
        </div>
      )}
      {count >= max ? (
        <p>已有 {max} 个访问密钥，达到上限。请先删除不用的密钥。</p>
      ) : (
        <Form method="post" noValidate style={{ maxWidth: 520 }}>
          {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
          <Field label="密钥名称" name="name" maxLength={30} defaultValue={typed.name ?? ""} error={errors.name} />
          <fieldset aria-describedby="scopes-error">
            <legend>权限</legend>
            {SCOPES.map((s) => (
              <CheckboxField key={s.name} name={s.name} defaultChecked={typed[s.name] === "1"}>
                {labels[s.scope]}（{s.scope}）
              </CheckboxField>
            ))}
            <FieldError id="scopes-error" role={errors.scopes ? "alert" : undefined}>
              {errors.scopes ?? ""}
            </FieldError>
          </fieldset>
          <label htmlFor="allowed_addresses">IP白名单（可选，每行一个IP地址或网段，留空则不限）</label>
          <TextArea
            id="allowed_addresses"
            name="allowed_addresses"
            defaultValue={typed.allowed_addresses ?? ""}
            placeholder={"203.0.113.5\n10.0.0.0/8"}
            aria-invalid={errors.allowed_addresses ? true : undefined}
            aria-describedby="allowed-addresses-error"
          />
          <FieldError id="allowed-addresses-error" role={errors.allowed_addresses ? "alert" : undefined}>
            {errors.allowed_addresses ?? ""}
          </FieldError>
          <Field
            label="过期日期（可选，当天北京时间24点失效，留空则长期有效）"
            name="expires_on"
            type="date"
            defaultValue={typed.expires_on ?? ""}
            error={errors.expires_on}
          />
          <StatusButton intent="create">创建密钥</StatusButton>
        </Form>
      )}
    </Panel>
  );
}
