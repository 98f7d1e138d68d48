import { describe, expect, it } from "vitest";
import { ledgerReference } from "./ledger-reference";

describe("ledgerReference", () => {
  it("names the caller's own order, instance, coupon and withdrawal, with the id to link to", () => {
    expect(ledgerReference("recharge:R1", { rechargeOrderNo: "R1" })).toEqual({
      kind: "recharge_order",
      label: "充值订单 R1",
      target: "R1",
    });
    expect(ledgerReference("purchase:PB1", { purchase: { orderNo: "PB1", kind: "power_money" } })).toEqual({
      kind: "purchase_order",
      label: "算力券订单 PB1",
      target: "PB1",
    });
    expect(ledgerReference("instance:i-1", { instance: { uuid: "i-1", name: "训练机" } })).toEqual({
      kind: "instance",
      label: "实例 训练机",
      target: "i-1",
    });
    expect(ledgerReference("coupon:2", { coupon: { id: 2, groupName: "新用户充值券" } })).toEqual({
      kind: "coupon",
      label: "充值券「新用户充值券」",
      target: "2",
    });
    expect(ledgerReference("withdrawal:7", { withdrawalId: 7 })).toEqual({
      kind: "withdrawal",
      label: "提现申请 #7",
      target: "7",
    });
  });

  it("never carries a key it did not resolve as the caller's own, nor an operator's name", () => {
    for (const key of ["recharge:R9", "purchase:PB9", "instance:i-9", "coupon:9", "withdrawal:9"]) {
      const reference = ledgerReference(key, {});
      expect(reference.target, key).toBeNull();
      expect(reference.label, key).not.toMatch(/9/);
    }
    expect(ledgerReference("ops:credit:张三", {})).toEqual({
      kind: "platform",
      label: "平台调整授信额度",
      target: null,
    });
    expect(ledgerReference("ops:vouchers:ops", {})).toMatchObject({ label: "平台发放算力券", target: null });
    expect(ledgerReference("seed:demo", {})).toEqual({ kind: "platform", label: "演示账户初始资金", target: null });
    expect(ledgerReference("something:else", {})).toEqual({ kind: "other", label: "其他", target: null });
  });
});
