import { Form, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import type { StaffMe } from "~/upstream/desk.server";
import { Button } from "~/components/ui/Button";
import { styled } from "~/components/ui/stitches.config";
import { canEditContent } from "../../../platform/rules/content-desk";
import { canReviewVerification } from "../../../platform/rules/verification-review";
import { canHandleInvoices } from "../../../platform/rules/invoices";
import { canRunMarketing, canSeePartners } from "../../../platform/rules/marketing-desk";

/** One 52px line on a desktop; on a phone the staff member and 退出 wrap onto a second line. */
const Bar = styled("header", {
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  alignContent: "center",
  columnGap: "$4",
  padding: "0 $5",
  minHeight: 52,
  "@desktop": { height: 52 },
  backgroundColor: "#1A191F",
  color: "white",
  strong: { fontSize: "$lg", whiteSpace: "nowrap" },
  nav: { display: "flex", gap: "$4", flex: 1 },
  "nav a": { color: "#C9D6FF", lineHeight: "52px", borderBottom: "2px solid transparent", whiteSpace: "nowrap" },
  "nav a[aria-current=page]": { color: "white", borderColor: "white" },
  "nav a:hover": { textDecoration: "none", color: "white" },
  form: { display: "flex", alignItems: "center", gap: "$3", minHeight: 44, whiteSpace: "nowrap" },
});
const Content = styled("main", { padding: "$5", maxWidth: 1280, margin: "0 auto" });

export interface DeskStaff {
  display_name: string;
  role: StaffMe["role"];
}

const ROLE_LABELS: Record<DeskStaff["role"], string> = {
  agent: "客服",
  lead: "组长",
  editor: "编辑",
  reviewer: "审核员",
  finance: "财务",
  marketing: "运营",
  admin: "管理员",
};

/** The desk's own frame (not the user console's): its bar, the staff member, logout as a POST form. */
export function DeskFrame({ staff, children }: { staff: DeskStaff | null; children: ReactNode }) {
  return (
    <>
      <Bar>
        <strong>客服工作台</strong>
        <nav aria-label="工作台导航">
          {staff && (
            <>
              <NavLink to="/desk" end prefetch="intent">
                工单队列
              </NavLink>
              <NavLink to="/desk/categories" prefetch="intent">
                分类与文档
              </NavLink>
              {canReviewVerification(staff.role) && (
                <NavLink to="/desk/verification" prefetch="intent">
                  实名审核
                </NavLink>
              )}
              {canHandleInvoices(staff.role) && (
                <NavLink to="/desk/invoices" prefetch="intent">
                  发票开具
                </NavLink>
              )}
              {canRunMarketing(staff.role) && (
                <>
                  <NavLink to="/desk/points" prefetch="intent">
                    积分商城
                  </NavLink>
                  <NavLink to="/desk/raffle" prefetch="intent">
                    周年抽奖
                  </NavLink>
                </>
              )}
              {canSeePartners(staff.role) && (
                <NavLink to="/desk/partners" prefetch="intent">
                  销售合伙人
                </NavLink>
              )}
              {canEditContent(staff.role) && (
                <NavLink to="/desk/content" prefetch="intent">
                  内容管理
                </NavLink>
              )}
            </>
          )}
        </nav>
        {staff && (
          <Form method="post" action="/desk/logout">
            <span>
              {staff.display_name}（{ROLE_LABELS[staff.role]}）
            </span>
            <Button type="submit" variant="secondary" size="sm">
              退出
            </Button>
          </Form>
        )}
      </Bar>
      <Content>{children}</Content>
    </>
  );
}
