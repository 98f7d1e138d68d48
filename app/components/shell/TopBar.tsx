import { Link, useLocation } from "@remix-run/react";
import type { ShellData } from "~/utils/shell.server";
import { currentPageAttribute } from "~/utils/current-page";
import { useWorkOrderUnread } from "~/utils/work-order-unread";
import { ButtonLink } from "../ui/Button";
import { visuallyHidden } from "../ui/global-styles";
import { styled } from "../ui/stitches.config";
import { TopUpButton } from "../payment/TopUpButton";
import { AccountMenu } from "./AccountMenu";
import { LogoMark, MenuIcon } from "./icons";
import { MessagesMenu } from "./MessagesMenu";
import { navTabs, type NavTab } from "./nav-tabs";
import { NoticesMenu } from "./NoticesMenu";
import { NotificationsMenu } from "./NotificationsMenu";

const Bar = styled("header", {
  position: "sticky",
  top: 0,
  zIndex: 800,
  height: "$bar",
  display: "flex",
  alignItems: "center",
  gap: "$2",
  padding: "0 $3",
  "@desktop": { gap: "$4", padding: "0 $4" },
  borderBottom: "1px solid transparent",
  variants: {
    tone: {
      dark: {
        backgroundColor: "$barDark",
        color: "white",
        borderColor: "#2A2930",
        // The spec's colours pass on the dark bar (4.53:1 and 4.63:1).
        "--bar-accent": "$colors$primary",
        "--bar-price": "$colors$price",
      },
      light: {
        backgroundColor: "$barLight",
        color: "$text",
        borderColor: "#ECEDF0",
        "--bar-accent": "$colors$primaryText",
        "--bar-price": "$colors$priceText",
      },
    },
  },
});

const Brand = styled(Link, {
  display: "flex",
  alignItems: "center",
  gap: "$2",
  color: "inherit",
  fontWeight: 700,
  fontSize: "$lg",
  whiteSpace: "nowrap",
  minHeight: 32,
  "&:hover": { textDecoration: "none" },
  // On narrow phones the name is read out but not shown: without it the bar's controls fit 320 px.
  "@narrow": { "& > span": visuallyHidden },
});
const Tabs = styled("nav", {
  display: "none",
  "@desktop": { display: "flex", gap: "$4", alignItems: "center" },
  a: { color: "inherit", opacity: 0.85, fontSize: "$md", whiteSpace: "nowrap" },
  "a:hover, a[aria-current=page]": { opacity: 1, color: "var(--bar-accent)", textDecoration: "none" },
});
const Promo = styled(Link, {
  display: "none",
  "@desktop": { display: "inline-block" },
  padding: "2px 10px",
  borderRadius: 999,
  background: "linear-gradient(90deg, $promoFrom, $promoTo)",
  color: "white !important",
  fontSize: "$sm",
});
const Spacer = styled("div", { flex: 1 });
const Tools = styled("div", { display: "flex", alignItems: "center", gap: "$2", "@desktop": { gap: "$4" } });
const Figures = styled(Link, {
  display: "none",
  "@desktop": { display: "flex", flexDirection: "column", lineHeight: 1.2 },
  color: "inherit",
  fontSize: "$sm",
  "&:hover": { textDecoration: "none" },
  // A balance is not a price: plain text; only arrears take the price red.
  b: { fontWeight: 600 },
  "b[data-debt]": { color: "var(--bar-price)" },
});
/** The quick top-up (spec §2): a dialog with JavaScript, /console/recharge without. */
const TopUp = styled(TopUpButton, {
  display: "inline-flex",
  alignItems: "center",
  "@mobile": { minHeight: 32 },
  padding: "2px 12px",
  border: "1px solid currentColor",
  borderRadius: 999,
  background: "none",
  color: "inherit",
  fontSize: "$sm",
  cursor: "pointer",
  whiteSpace: "nowrap",
  "&:hover": { textDecoration: "none" },
});

/**
 * The phone's menu, a <details> so it opens without JavaScript. While open, a
 * shade covers the page below the bar; it belongs to the summary, so a tap on
 * it closes the menu.
 */
const Drawer = styled("details", {
  "@desktop": { display: "none" },
  summary: {
    listStyle: "none",
    cursor: "pointer",
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    minWidth: 36,
    minHeight: 36,
  },
  "summary::-webkit-details-marker": { display: "none" },
  "&[open] summary::before": {
    content: '""',
    position: "fixed",
    top: "$sizes$bar",
    left: 0,
    right: 0,
    bottom: 0,
    backgroundColor: "rgba(26, 25, 31, 0.4)",
  },
  nav: {
    position: "fixed",
    top: "$sizes$bar",
    left: 0,
    bottom: 0,
    width: 240,
    backgroundColor: "white",
    boxShadow: "$panel",
    padding: "$2 0",
    display: "flex",
    flexDirection: "column",
    overflowY: "auto",
  },
  "nav a": { color: "$text", padding: "$3 $4" },
});

/** A tab of the bar or the drawer: an external one opens in a new tab, a page of the site is a Remix link. */
function TabLink({ tab, current }: { tab: NavTab; current?: "page" }) {
  return tab.external ? (
    <a href={tab.href} target="_blank" rel="noreferrer">
      {tab.label}
    </a>
  ) : (
    <Link to={tab.href} prefetch="intent" aria-current={current}>
      {tab.label}
    </Link>
  );
}

/** The top bar of spec §2: logo, tabs, promo link, notification centre, balances and the user menu. */
export function TopBar({ shell, dark }: { shell: ShellData; dark: boolean }) {
  const { user, site, account } = shell;
  const { pathname } = useLocation();
  const workOrderUnread = useWorkOrderUnread();
  const figures = account?.figures ?? null;
  const isSub = figures?.isSub ?? false;
  const tabs = navTabs(site, { isSub });
  const drawerTabs = navTabs(site, { isSub, drawer: true });
  return (
    <Bar tone={dark ? "dark" : "light"} data-bar={dark ? "dark" : "light"}>
      {/* Keyed by the path, so a link followed in the page closes the drawer as a reload did. */}
      <Drawer key={pathname}>
        <summary aria-label="打开导航菜单">
          <MenuIcon />
        </summary>
        <nav aria-label="移动端导航">
          {drawerTabs.map((t) => (
            <TabLink key={t.href} tab={t} />
          ))}
        </nav>
      </Drawer>
      <Brand to="/store" prefetch="intent">
        <LogoMark />
        <span>算力云</span>
      </Brand>
      <Tabs aria-label="主导航">
        {tabs.map((t) => (
          <TabLink key={t.href} tab={t} current={currentPageAttribute(pathname, t.href)} />
        ))}
        {site.promoLive && <Promo to="/activity_202510">周年庆 · 充值享好礼</Promo>}
      </Tabs>
      <Spacer />
      <NoticesMenu shell={shell} />
      {user && account && figures ? (
        <Tools>
          <NotificationsMenu unread={shell.unread?.notifications ?? 0} />
          {user.Phone && <MessagesMenu unread={shell.unread?.messages ?? 0} />}
          <Figures to="/console/accountInfo" data-testid="bar-balance">
            {figures.isSub ? (
              <>
                <span>
                  额度 <b>{figures.subLimit}</b>
                </span>
                <span>
                  可用 <b>{figures.subCanUse}</b>
                </span>
              </>
            ) : (
              <>
                <span>
                  余额 <b data-debt={figures.inArrears || undefined}>{figures.displayMoney}</b>
                </span>
                <span>
                  综合可用 <b>{figures.integratedMoney}</b>
                </span>
              </>
            )}
          </Figures>
          {!figures.isSub && <TopUp>充值</TopUp>}
          <AccountMenu user={user} account={account} workOrderUnread={workOrderUnread} />
        </Tools>
      ) : (
        <ButtonLink as={Link} to="/login?tab=password&channel=sy" data-testid="bar-login">
          注册/登录
        </ButtonLink>
      )}
    </Bar>
  );
}
