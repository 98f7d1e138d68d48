import { describe, expect, it } from "vitest";
import { consoleNavGroups, currentConsoleItems } from "./console-nav-items";

/** Every console page (app/routes/console.*) with the link it marks. */
const PAGES: [string, string][] = [
  ["/console/dashboard", "总览"],
  ["/console/instance/i-7f3a9c2e1b", "总览"],
  ["/console/instance/i-7f3a9c2e1b/release", "总览"],
  ["/console/customizeImage", "我的镜像"],
  ["/console/reservations", "裸金属预约"],
  ["/console/cloudDisk", "云盘"],
  ["/console/subAccountInstance", "子账号实例"],
  ["/console/subAccount", "子账号管理"],
  ["/console/recharge", "充值"],
  ["/console/pay", "充值"],
  ["/console/finance/expenseDetail", "收支明细"],
  ["/console/finance/orders", "订单记录"],
  ["/console/finance/withdrawRecords", "提现记录"],
  ["/console/invoice", "发票管理"],
  ["/console/coupon", "优惠券"],
  ["/console/coupon/center", "优惠券"],
  ["/console/coupon/use/3", "优惠券"],
  ["/console/powerMoney", "算力券"],
  ["/console/credit", "授信额度"],
  ["/console/accountInfo", "账号信息"],
  ["/console/safe", "安全设置"],
  ["/console/verification/selectVerification", "实名认证"],
  ["/console/verification/bankCardVerify", "实名认证"],
  ["/console/messages", "消息中心"],
  ["/console/createWorkOrder/selectQuestion", "提交工单"],
  ["/console/createWorkOrder/submit/1/12/instance", "提交工单"],
  ["/console/createWorkOrder/myWorkOrder", "我的工单"],
  ["/console/createWorkOrder/myWorkOrderDetail/7", "我的工单"],
  ["/console/createWorkOrder/myWorkOrderDetail/7/revoke", "我的工单"],
];

describe("the console's navigation", () => {
  it("is four groups for a main account, without money pages for a sub-account", () => {
    expect(consoleNavGroups(false).map((g) => g.label)).toEqual(["实例", "费用", "账号", "支持"]);
    expect(consoleNavGroups(true).map((g) => g.label)).toEqual(["实例", "账号", "支持"]);
    const subLinks = consoleNavGroups(true).flatMap((g) => g.items.map((i) => i.label));
    expect(subLinks).not.toContain("安全设置");
    expect(subLinks).not.toContain("实名认证");
    expect(subLinks).not.toContain("充值");
    expect(subLinks).not.toContain("子账号实例");
    expect(subLinks).not.toContain("子账号管理");
  });

  it("has no 退出登录 (it is in the account menu)", () => {
    const labels = consoleNavGroups(false).flatMap((g) => g.items.map((i) => i.label));
    expect(labels).not.toContain("退出登录");
  });

  it.each(PAGES)("%s marks exactly %s", (path, label) => {
    expect(currentConsoleItems(consoleNavGroups(false), path).map((i) => i.label)).toEqual([label]);
  });

  it("marks the work-order pages for a sub-account too", () => {
    const groups = consoleNavGroups(true);
    expect(currentConsoleItems(groups, "/console/createWorkOrder/submit/1/12/instance").map((i) => i.label)).toEqual([
      "提交工单",
    ]);
  });
});
