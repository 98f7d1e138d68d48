/**
 * What a ledger entry refers to, in words (issue 33 §3): the expense detail
 * showed internal keys (`seed:demo`, `coupon:2`, `purchase:PB…`). Pure: the
 * platform resolves the key against the caller's own rows (an order, an
 * instance, a coupon, a withdrawal of the same account; nothing else is ever
 * named) and this says what it is; the pages link by kind and target.
 */
import { purchaseKindName } from "./finance";

export const LEDGER_REFERENCE_KINDS = [
  "recharge_order",
  "purchase_order",
  "instance",
  "coupon",
  "withdrawal",
  "platform",
  "other",
] as const;
export type LedgerReferenceKind = (typeof LEDGER_REFERENCE_KINDS)[number];

export interface LedgerReference {
  kind: LedgerReferenceKind;
  /** In Chinese, e.g. 充值订单 2026…, 实例 gpu-lab-1, 充值券「新用户充值券 10 元」. */
  label: string;
  /** The caller's own order number, instance uuid, coupon or withdrawal id to link to; null for none. */
  target: string | null;
}

/** The rows an entry's key was resolved to, each only when it is the caller's own. */
export interface ResolvedReference {
  /** The recharge order `recharge:<out_trade_no>` names. */
  rechargeOrderNo?: string | null;
  /** The purchase order `purchase:<order_no>` names, with what it bought. */
  purchase?: { orderNo: string; kind: string } | null;
  /** The instance `instance:<uuid>` names. */
  instance?: { uuid: string; name: string } | null;
  /** The coupon `coupon:<id>` names, with its group's name. */
  coupon?: { id: number; groupName: string } | null;
  /** The withdrawal `withdrawal:<id>` names. */
  withdrawalId?: number | null;
}

/** A key the platform writes for its own operations (operators, the demo seed): named, never linked. */
const PLATFORM_KEYS: readonly [prefix: string, label: string][] = [
  ["ops:vouchers:", "平台发放算力券"],
  ["ops:credit:", "平台调整授信额度"],
  ["ops:", "平台操作"],
  ["seed:demo", "演示账户初始资金"],
];

/**
 * The reference of an entry whose key is `refersTo`, from what the platform
 * resolved. A key that names something not resolved (another account's, or
 * gone) is named by its kind only, without a target: no id that is not the
 * caller's own ever leaves the platform.
 */
export function ledgerReference(refersTo: string, resolved: ResolvedReference): LedgerReference {
  const prefix = refersTo.slice(0, refersTo.indexOf(":") + 1);
  switch (prefix) {
    case "recharge:":
      return resolved.rechargeOrderNo
        ? { kind: "recharge_order", label: `充值订单 ${resolved.rechargeOrderNo}`, target: resolved.rechargeOrderNo }
        : { kind: "recharge_order", label: "充值订单", target: null };
    case "purchase:":
      return resolved.purchase
        ? {
            kind: "purchase_order",
            label: `${purchaseKindName(resolved.purchase.kind)}订单 ${resolved.purchase.orderNo}`,
            target: resolved.purchase.orderNo,
          }
        : { kind: "purchase_order", label: "消费订单", target: null };
    case "instance:":
      return resolved.instance
        ? { kind: "instance", label: `实例 ${resolved.instance.name}`, target: resolved.instance.uuid }
        : { kind: "instance", label: "实例（已删除）", target: null };
    case "coupon:":
      return resolved.coupon
        ? { kind: "coupon", label: `充值券「${resolved.coupon.groupName}」`, target: String(resolved.coupon.id) }
        : { kind: "coupon", label: "充值券", target: null };
    case "withdrawal:":
      return resolved.withdrawalId != null
        ? { kind: "withdrawal", label: `提现申请 #${resolved.withdrawalId}`, target: String(resolved.withdrawalId) }
        : { kind: "withdrawal", label: "提现申请", target: null };
  }
  const platform = PLATFORM_KEYS.find(([key]) => refersTo.startsWith(key));
  if (platform) return { kind: "platform", label: platform[1], target: null };
  return { kind: "other", label: "其他", target: null };
}
