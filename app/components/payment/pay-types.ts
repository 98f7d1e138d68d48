import type { PayType } from "~/upstream/payments.server";

/** The pay types in the order the page offers them (spec §5: 1 WeChat, 0 Alipay, 2 corporate transfer). */
export const PAY_TYPE_OPTIONS: readonly { value: PayType; label: string; hint: string }[] = [
  { value: 1, label: "微信支付", hint: "扫码支付，即时到账" },
  { value: 0, label: "支付宝", hint: "扫码支付，即时到账" },
  { value: 2, label: "对公转账", hint: "财务确认后到账，非即时" },
];

export const PAY_TYPE_NAMES: Record<PayType, string> = { 1: "微信支付", 0: "支付宝", 2: "对公转账" };

/** Spec §5: default 100, presets 100, 1500, 2000, 5000, 10000. */
export const DEFAULT_AMOUNT = "100";
export const AMOUNT_PRESETS = ["100", "1500", "2000", "5000", "10000"] as const;
