import { Form } from "@remix-run/react";
import type { StoreItemWire } from "~/upstream/points-store.server";
import { Field } from "~/components/ui/Field";
import { Badge, Muted, Panel } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import type { FieldErrors } from "~/utils/action.server";

const KIND_LABEL: Record<StoreItemWire["Kind"], string> = { coupon: "优惠券", voucher: "算力券", goods: "实物" };

interface Props {
  item: StoreItemWire;
  /** Null for a visitor or a sub-account: no form, a line saying why. */
  form: { operationKey: string; errors: FieldErrors; formError: string | null; values: Record<string, string> } | null;
  visitorNote: "visitor" | "sub" | null;
}

/** One catalogue item: what it is, its points price, stock and limit, and (for a main account) its exchange form. */
export function StoreItemCard({ item, form, visitorNote }: Props) {
  const soldOut = item.Stock === 0;
  const full = item.Taken >= item.PerUserLimit;
  return (
    <Panel as="article" aria-labelledby={`store-item-${item.ItemId}`} data-testid="store-item">
      <h3 id={`store-item-${item.ItemId}`} style={{ margin: "0 0 8px", fontSize: 16 }}>
        {item.Name} <Badge tone="muted">{KIND_LABEL[item.Kind]}</Badge>
      </h3>
      {item.Description && <p style={{ margin: "0 0 8px" }}>{item.Description}</p>}
      <p style={{ margin: "0 0 8px" }}>
        <strong>{item.Points.toLocaleString("zh-CN")} 积分</strong>
      </p>
      <p style={{ margin: "0 0 12px" }}>
        <Muted>
          库存 {item.Stock} · 每人限兑 {item.PerUserLimit} 件{form ? ` · 已兑 ${item.Taken} 件` : ""}
        </Muted>
      </p>
      {visitorNote === "visitor" && (
        <a href="/login?redirectTo=%2FscoreStore" data-testid="store-login">
          登录后兑换
        </a>
      )}
      {form && (
        <Form method="post" action="/scoreStore" aria-label={`兑换 ${item.Name}`}>
          <input type="hidden" name="item_id" value={item.ItemId} />
          <input type="hidden" name="operation_key" value={`${form.operationKey}-${item.ItemId}`} />
          {item.Kind === "goods" && !soldOut && !full && (
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend style={{ marginBottom: 8 }}>收货地址</legend>
              <Field
                label="收货人"
                name="recipient"
                maxLength={30}
                defaultValue={form.values.recipient}
                error={form.errors.recipient}
                autoComplete="name"
              />
              <Field
                label="联系电话"
                name="phone"
                maxLength={11}
                inputMode="numeric"
                defaultValue={form.values.phone}
                error={form.errors.phone}
                autoComplete="tel"
              />
              <Field
                label="收货地址"
                name="address"
                maxLength={200}
                defaultValue={form.values.address}
                error={form.errors.address}
                autoComplete="street-address"
              />
            </fieldset>
          )}
          {(form.formError || form.errors.item_id) && (
            <p role="alert" style={{ color: "#D32F2F", margin: "0 0 8px" }}>
              {form.errors.item_id ?? form.formError}
            </p>
          )}
          <StatusButton intent="exchange" disabled={soldOut || full} pendingText="兑换中…">
            {soldOut ? "已兑完" : full ? "已达兑换上限" : "立即兑换"}
          </StatusButton>
        </Form>
      )}
    </Panel>
  );
}
