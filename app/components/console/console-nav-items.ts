import { isCurrentPage } from "~/utils/current-page";

export interface ConsoleNavItem {
  to: string;
  label: string;
  /** Further pages this link stands for whose paths are not under `to` (the work-order form, one work order). */
  also?: readonly string[];
  /** A mark beside the label, with its accessible name (e.g. 有未读回复). */
  mark?: string;
}

/** A group of the console's navigation: what a renter comes for (实例, 费用, 账号, 支持). */
export interface ConsoleNavGroup {
  label: string;
  items: ConsoleNavItem[];
}

/**
 * The console's navigation in four groups (decision 068). A sub-account sees no money pages: its spending is its
 * main account's. Every console page marks exactly one item (`currentConsoleItem`).
 */
export function consoleNavGroups(isSub: boolean, workOrderUnread = false): ConsoleNavGroup[] {
  const groups: ConsoleNavGroup[] = [
    {
      label: "实例",
      items: [
        { to: "/console/dashboard", label: "总览", also: ["/console/instance"] },
        { to: "/console/customizeImage", label: "我的镜像" },
        { to: "/console/reservations", label: "裸金属预约" },
        // A cloud disk is bought by the main account only (decision 083).
        ...(isSub ? [] : [{ to: "/console/cloudDisk", label: "云盘" }]),
        // A main account's view of its sub-accounts' instances (issue 36 §2).
        ...(isSub ? [] : [{ to: "/console/subAccountInstance", label: "子账号实例" }]),
        // A main account manages its sub-accounts (issue 38 §3).
        ...(isSub ? [] : [{ to: "/console/subAccount", label: "子账号管理" }]),
      ],
    },
  ];
  if (!isSub)
    groups.push({
      label: "费用",
      items: [
        { to: "/console/recharge", label: "充值", also: ["/console/pay"] },
        { to: "/console/finance/expenseDetail", label: "收支明细" },
        { to: "/console/finance/orders", label: "订单记录" },
        { to: "/console/finance/withdrawRecords", label: "提现记录" },
        { to: "/console/invoice", label: "发票管理" },
        { to: "/console/coupon", label: "优惠券" },
        { to: "/console/powerMoney", label: "算力券" },
        { to: "/console/credit", label: "授信额度" },
        // The sales-partner program and its income (issue 39 §2).
        { to: "/console/salesDashboard", label: "销售合伙人", also: ["/console/salesPartner"] },
        { to: "/console/income", label: "我的收益" },
      ],
    });
  groups.push(
    {
      label: "账号",
      items: [
        { to: "/console/accountInfo", label: "账号信息" },
        ...(isSub
          ? []
          : [
              { to: "/console/safe", label: "安全设置" },
              { to: "/console/verification/selectVerification", label: "实名认证", also: ["/console/verification"] },
            ]),
        { to: "/console/messages", label: "消息中心" },
      ],
    },
    {
      label: "支持",
      items: [
        {
          to: "/console/createWorkOrder/selectQuestion",
          label: "提交工单",
          also: ["/console/createWorkOrder/submit"],
        },
        {
          to: "/console/createWorkOrder/myWorkOrder",
          label: "我的工单",
          also: ["/console/createWorkOrder/myWorkOrderDetail"],
          // Spec §2's unread state, also without JavaScript (the account menu is a dropdown).
          mark: workOrderUnread ? "有未读回复" : undefined,
        },
      ],
    },
  );
  return groups;
}

/** The items a page marks as current (one for every console page; the test walks them). */
export function currentConsoleItems(groups: ConsoleNavGroup[], pathname: string): ConsoleNavItem[] {
  return groups.flatMap((g) => g.items).filter((item) => isCurrentPage(pathname, item.to, item.also));
}
