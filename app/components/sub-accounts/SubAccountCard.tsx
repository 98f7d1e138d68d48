import { Form } from "@remix-run/react";
import type { SubAccountWire } from "~/upstream/sub-accounts.server";
import { formatDateTime } from "~/utils/format";
import { formatWireMoney } from "../../../platform/rules/money";
import { CheckboxField, Field } from "../ui/Field";
import { Badge, Panel, PanelTitle, Row } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import { resultForRow, type SubAccountFormResult } from "./form-result";

/**
 * One sub-account (issue 38 §3): its figures (limit, spent, available, instances running, last login, this month's
 * spending against its budget, state) and a plain form per change, each with its error beside its field: the limit,
 * a new password, the budget, renting, disable or enable, delete (ticked to confirm). Works without JavaScript.
 */
export function SubAccountCard({ sub, result }: { sub: SubAccountWire; result: SubAccountFormResult | undefined }) {
  const own = (intent: string) => resultForRow(result, intent, sub.id);
  const errorOf = (intent: string, field: string) => {
    const r = own(intent);
    return r?.fieldErrors[field] ?? (field === "id" ? (r?.formError ?? undefined) : undefined);
  };
  const notice = ["limit", "password", "budget", "permissions", "disable", "enable", "delete"].flatMap(
    (intent) => own(intent)?.notice ?? [],
  );
  const idField = <input type="hidden" name="id" value={sub.id} />;
  return (
    <Panel aria-labelledby={`sub-${sub.id}-title`} data-testid="sub-account">
      <PanelTitle id={`sub-${sub.id}-title`}>
        {sub.name} {sub.disabled ? <Badge tone="warn">已停用</Badge> : <Badge tone="success">正常</Badge>}
      </PanelTitle>
      {notice.map((n) => (
        <p role="status" key={n}>
          {n}
        </p>
      ))}
      <dl data-testid="sub-account-figures">
        <dt>额度</dt>
        <dd>{formatWireMoney(sub.money_limit)}</dd>
        <dt>已花费</dt>
        <dd>{formatWireMoney(sub.money_used)}</dd>
        <dt>可用</dt>
        <dd>{formatWireMoney(sub.money_can_use)}</dd>
        <dt>运行中实例</dt>
        <dd>{sub.running_instances}</dd>
        <dt>最近登录</dt>
        <dd>{sub.last_login_at ? formatDateTime(sub.last_login_at) : "从未登录"}</dd>
        <dt>本月花费 / 预算</dt>
        <dd>
          {formatWireMoney(sub.month_spent)} / {sub.monthly_budget ? formatWireMoney(sub.monthly_budget) : "不限"}
        </dd>
        <dt>租用实例</dt>
        <dd>{sub.may_rent ? "允许" : "不允许"}</dd>
        <dt>主账号通知</dt>
        <dd>{sub.sees_main_notifications ? "可查看" : "不可查看"}</dd>
      </dl>
      {own("delete")?.formError && <p role="alert">{own("delete")?.formError}</p>}
      <Row style={{ alignItems: "flex-start" }}>
        <Form method="post" noValidate>
          {idField}
          <Field
            label="修改额度（元）"
            name="money_limit"
            inputMode="decimal"
            maxLength={20}
            defaultValue={own("limit")?.values.money_limit ?? sub.money_limit}
            error={errorOf("limit", "money_limit")}
          />
          <StatusButton intent="limit" size="sm" variant="secondary">
            保存额度
          </StatusButton>
        </Form>
        <Form method="post" noValidate>
          {idField}
          <Field
            label="重置密码"
            name="password"
            type="password"
            autoComplete="new-password"
            maxLength={32}
            error={errorOf("password", "password")}
          />
          <StatusButton intent="password" size="sm" variant="secondary">
            重置密码
          </StatusButton>
        </Form>
        <Form method="post" noValidate>
          {idField}
          <Field
            label="每月预算（元，留空为不限）"
            name="monthly_budget"
            inputMode="decimal"
            maxLength={20}
            defaultValue={own("budget")?.values.monthly_budget ?? sub.monthly_budget}
            error={errorOf("budget", "monthly_budget")}
          />
          <CheckboxField name="stop_at_budget" defaultChecked={sub.stop_at_budget}>
            预算用完时关闭其运行中的实例
          </CheckboxField>
          <StatusButton intent="budget" size="sm" variant="secondary">
            保存预算
          </StatusButton>
        </Form>
        <Form method="post" noValidate>
          {idField}
          <CheckboxField name="may_rent" defaultChecked={sub.may_rent} error={errorOf("permissions", "may_rent")}>
            允许租用新实例（关闭后运行中的实例不受影响）
          </CheckboxField>
          <CheckboxField
            name="sees_main_notifications"
            defaultChecked={sub.sees_main_notifications}
            error={errorOf("permissions", "sees_main_notifications")}
          >
            可查看主账号的通知（只读，如余额不足、实例关机）
          </CheckboxField>
          <StatusButton intent="permissions" size="sm" variant="secondary">
            保存权限
          </StatusButton>
        </Form>
        <Form method="post" noValidate>
          {idField}
          <StatusButton intent={sub.disabled ? "enable" : "disable"} size="sm" variant="secondary">
            {sub.disabled ? "启用" : "停用（立即退出其登录）"}
          </StatusButton>
        </Form>
        <Form method="post" noValidate>
          {idField}
          <CheckboxField name="confirm" error={errorOf("delete", "confirm")}>
            确认删除该子账号
          </CheckboxField>
          <StatusButton intent="delete" size="sm" variant="secondary">
            删除
          </StatusButton>
        </Form>
      </Row>
    </Panel>
  );
}
