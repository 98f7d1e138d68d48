import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { currentPageAttribute } from "~/utils/current-page";
import { StatusButton } from "../ui/StatusButton";
import { styled } from "../ui/stitches.config";

/**
 * Beside the page on a wide screen; on a phone one row under the top bar that
 * scrolls sideways, so the page starts on the first screen (fourteen stacked
 * links pushed it below the fold).
 */
const Side = styled("aside", {
  backgroundColor: "white",
  display: "flex",
  alignItems: "center",
  overflowX: "auto",
  whiteSpace: "nowrap",
  borderBottom: "1px solid #ECEDF0",
  nav: { display: "flex" },
  "nav a": { display: "block", padding: "$3", color: "$text" },
  "nav a[aria-current=page]": { color: "$primaryText", backgroundColor: "$primarySoft", fontWeight: 600 },
  "nav a:hover": { textDecoration: "none", color: "$primaryText" },
  form: { padding: "0 $3" },
  "@desktop": {
    display: "block",
    width: 200,
    flexShrink: 0,
    minHeight: "calc(100vh - 56px)",
    padding: "$4 0",
    overflowX: "visible",
    whiteSpace: "normal",
    borderBottom: "none",
    borderRight: "1px solid #ECEDF0",
    nav: { flexDirection: "column" },
    "nav a": { padding: "$2 $5" },
    form: { padding: "$4 $5" },
  },
});

export interface ConsoleNavItem {
  to: string;
  label: string;
  /** A mark beside the label, with its accessible name (e.g. 有未读回复). */
  mark?: string;
}

const Mark = styled("span", {
  display: "inline-block",
  width: 8,
  height: 8,
  marginLeft: "$2",
  borderRadius: "50%",
  backgroundColor: "$error",
  verticalAlign: "middle",
});

/** The finance records (issue 10 §5): main accounts only. */
const FINANCE_NAV_ITEMS: ConsoleNavItem[] = [
  { to: "/console/finance/orders", label: "订单记录" },
  { to: "/console/finance/expenseDetail", label: "收支明细" },
  { to: "/console/finance/withdrawRecords", label: "提现记录" },
];

/** Navigation for the console pages that exist; the list grows with each area. */
export function consoleNavItems(isSub: boolean, workOrderUnread = false): ConsoleNavItem[] {
  return [
    { to: "/console/dashboard", label: "总览" },
    { to: "/console/reservations", label: "裸金属预约" },
    { to: "/console/accountInfo", label: "账号信息" },
    { to: "/console/messages", label: "消息中心" },
    { to: "/console/createWorkOrder/selectQuestion", label: "提交工单" },
    // Spec §2's unread state, also without JavaScript (the account menu is a dropdown).
    { to: "/console/createWorkOrder/myWorkOrder", label: "我的工单", mark: workOrderUnread ? "有未读回复" : undefined },
    ...(isSub ? [] : [{ to: "/console/safe", label: "安全设置" }]),
    ...(isSub
      ? []
      : [
          { to: "/console/recharge", label: "充值" },
          { to: "/console/powerMoney", label: "算力券" },
          { to: "/console/credit", label: "授信额度" },
          ...FINANCE_NAV_ITEMS,
        ]),
    ...(isSub ? [] : [{ to: "/console/coupon", label: "优惠券" }]),
  ];
}

/** On a phone the row scrolls so the current page's link is in view (without JavaScript it starts at 总览). */
function useCurrentLinkInView(pathname: string) {
  const side = useRef<HTMLElement>(null);
  useEffect(() => {
    const row = side.current;
    const current = row?.querySelector<HTMLElement>("a[aria-current=page]");
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft += current.getBoundingClientRect().left - row.getBoundingClientRect().left - 16;
  }, [pathname]);
  return side;
}

export function ConsoleNav({ isSub, workOrderUnread }: { isSub: boolean; workOrderUnread: boolean }) {
  const { pathname } = useLocation();
  const side = useCurrentLinkInView(pathname);
  return (
    <Side ref={side}>
      <nav aria-label="控制台导航">
        {consoleNavItems(isSub, workOrderUnread).map((item) => (
          <Link
            key={item.to}
            to={item.to}
            prefetch="intent"
            aria-current={currentPageAttribute(pathname, item.to)}
            data-testid={`console-nav-${item.to}`}
          >
            {item.label}
            {item.mark && <Mark role="img" aria-label={item.mark} />}
          </Link>
        ))}
      </nav>
      <Form method="post" action="/logout">
        <StatusButton intent="logout" formAction="/logout" variant="secondary" size="sm" pendingText="正在退出…">
          退出登录
        </StatusButton>
      </Form>
    </Side>
  );
}
