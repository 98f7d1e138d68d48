import { Link } from "@remix-run/react";
import type { UserInfo } from "~/upstream/accounts.server";
import { myWorkOrderPath, rechargeRecordsPath, VERIFICATION_PATH } from "~/utils/console-paths";
import type { AccountBar } from "~/utils/user-figures";
import { Badge, Dot } from "../ui/layout";
import { MenuItem, MenuSeparator } from "../ui/Menu";
import { styled } from "../ui/stitches.config";
import { Avatar } from "./Avatar";
import { LogoutForm } from "./LogoutForm";
import { labelOfVerifiedAs, VERIFICATION_LABEL_TEXT } from "../../../platform/rules/verification-label";

const Head = styled("div", { display: "flex", gap: "$3", alignItems: "center", marginBottom: "$3" });
const Name = styled("div", { fontWeight: 600, display: "flex", gap: "$2", alignItems: "center", flexWrap: "wrap" });
// Not a <dl>: a menu may own only items, groups and separators (axe aria-required-children).
const Figures = styled("div", {
  display: "grid",
  gridTemplateColumns: "1fr 1fr",
  gap: "$2",
  margin: "0 0 $3",
  span: { display: "block", color: "$mutedText", fontSize: "$sm" },
  strong: { display: "block", fontWeight: 600 },
  "strong[data-debt]": { color: "$priceText" },
});
const Tiles = styled("div", {
  display: "grid",
  gridTemplateColumns: "repeat(2, 1fr)",
  gap: "$2",
  a: {
    display: "block",
    padding: "$2",
    borderRadius: "$sm",
    backgroundColor: "$page",
    color: "$text",
    textAlign: "center",
  },
});
const Links = styled("div", { display: "flex", flexDirection: "column", gap: "$1", a: { color: "$text" } });

/**
 * The verification tag (spec §2): the label of the account (platform/rules/verification-label.ts), a menu item
 * that goes to /console/verification. Main accounts only: a sub-account has no verification access.
 */
function VerificationTag({ verifiedAs }: { verifiedAs: UserInfo["VerifiedAs"] }) {
  const label = labelOfVerifiedAs(verifiedAs);
  return (
    <MenuItem asChild>
      <Link to={VERIFICATION_PATH} data-testid="verification-tag">
        <Badge tone={label === "unverified" ? "muted" : "primary"}>{VERIFICATION_LABEL_TEXT[label]}</Badge>
      </Link>
    </MenuItem>
  );
}

/**
 * The menu's four tiles (spec §2). A sub-account sees neither coupons nor
 * orders (decision 028: its main account's), so it has the two others.
 */
export function accountTiles(isSub: boolean): { to: string; label: string }[] {
  return [
    { to: "/console/dashboard", label: "我的租用" },
    ...(isSub ? [] : [{ to: "/console/coupon", label: "我的卡券" }]),
    { to: "/console/accountInfo", label: "账号信息" },
    ...(isSub ? [] : [{ to: rechargeRecordsPath(), label: "充值记录" }]),
  ];
}

export interface AccountMenuContentProps {
  user: UserInfo;
  /** Figures, balance lines and masked phone, computed by the shell's loader. */
  account: AccountBar;
  /** A work order has a reply the user has not read: the work-order link goes to 我的工单 (spec §2). */
  workOrderUnread: boolean;
  /** The avatar's letter. */
  initial: string;
}

/**
 * What the user dropdown shows once open (spec §2): who, the balance lines, the four tiles, the console links
 * and 退出登录. A module of its own, fetched with the dropdown's code on the first hover, focus or press of the
 * avatar, so a first visit does not load it (issue 34: first-load JavaScript).
 */
export default function AccountMenuContent({ user, account, workOrderUnread, initial }: AccountMenuContentProps) {
  const { figures, lines, maskedPhone } = account;
  return (
    <>
      {/* What is not a menu item sits in groups: a menu owns only items, groups and separators. */}
      <div role="group" aria-label="账户概况">
        <Head>
          <Avatar size="lg">{initial}</Avatar>
          <div>
            <Name>
              <span data-testid="menu-name">{user.SubAccount ? user.SubAccount.Name : user.Name}</span>
              <Badge tone={figures.isSub ? "muted" : "primary"} data-testid="account-kind">
                {figures.isSub ? "子账号" : "主账号"}
              </Badge>
              {!user.SubAccount && <VerificationTag verifiedAs={user.VerifiedAs} />}
            </Name>
            <div>{figures.isSub ? `主账号 ${maskedPhone}` : maskedPhone}</div>
          </div>
        </Head>
        <Figures>
          {lines.map((line) => (
            <div key={line.label}>
              <span>{line.label}</span>
              <strong data-debt={line.debt || undefined}>{line.value}</strong>
            </div>
          ))}
        </Figures>
      </div>
      <Tiles data-testid="account-tiles">
        {accountTiles(figures.isSub).map((tile) => (
          <MenuItem key={tile.to} asChild>
            <Link to={tile.to}>{tile.label}</Link>
          </MenuItem>
        ))}
      </Tiles>
      <MenuSeparator />
      <Links>
        <MenuItem asChild>
          <Link to="/console/messages">消息中心</Link>
        </MenuItem>
        <MenuItem asChild>
          {workOrderUnread ? (
            <Link to={myWorkOrderPath()} data-testid="work-order-link">
              我的工单 <Dot role="img" aria-label="有未读回复" />
            </Link>
          ) : (
            <Link to="/console/createWorkOrder" data-testid="work-order-link">
              提交工单
            </Link>
          )}
        </MenuItem>
        {!figures.isSub && (
          <MenuItem asChild>
            <Link to="/console/safe">安全设置</Link>
          </MenuItem>
        )}
        {!figures.isSub && (
          <MenuItem asChild>
            <Link to="/console/powerMoney">购买算力券</Link>
          </MenuItem>
        )}
        {!figures.isSub && (
          <MenuItem asChild>
            <Link to="/console/credit">授信额度</Link>
          </MenuItem>
        )}
      </Links>
      <MenuSeparator />
      <div role="group" aria-label="退出登录">
        <LogoutForm role="menuitem" />
      </div>
    </>
  );
}
