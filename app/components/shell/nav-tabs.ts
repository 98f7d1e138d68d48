import type { SiteConfig } from "~/env.server";

export interface NavTab {
  label: string;
  href: string;
  external?: boolean;
}

/** An external tab, only when its address is configured (decision 016, addendum): never a link that goes nowhere. */
function externalTab(label: string, href: string | undefined): NavTab | false {
  return href ? { label, href, external: true } : false;
}

/** The open API's reference in the site's own docs (platform/db/seed-docs-open-api.ts). */
export const OPEN_API_DOC_PATH = "/docs/open-api-signing";

/** The bar's tabs in the spec's order (§2); the drawer adds datasets. */
export function navTabs(
  site: Pick<SiteConfig, "docsUrl" | "openApiUrl" | "hardwareMarketUrl" | "raffleOpen">,
  opts: { isSub: boolean; drawer?: boolean },
): NavTab[] {
  const tabs: (NavTab | false)[] = [
    { label: "算力市场", href: "/store" },
    { label: "控制台", href: "/console/dashboard" },
    externalTab("文档中心", site.docsUrl),
    { label: "AI模型", href: "/AIModels" },
    { label: "软件下载", href: "/software" },
    !opts.isSub && { label: "积分商城", href: "/scoreStore" },
    site.raffleOpen && { label: "周年庆抽奖", href: "/activity_202510" },
    // Without an outside address, the site's own reference of the open API (issue 38 §4).
    externalTab("开放API", site.openApiUrl) || { label: "开放API", href: OPEN_API_DOC_PATH },
    externalTab("硬件市场", site.hardwareMarketUrl),
    opts.drawer === true && { label: "数据集", href: "/dataset" },
  ];
  return tabs.filter((t): t is NavTab => Boolean(t));
}

/** Spec §2: /store and /activity_202510 use the dark bar. */
export function isDarkBar(pathname: string): boolean {
  return pathname === "/store" || pathname.startsWith("/store/") || pathname.startsWith("/activity_202510");
}

/** Spec §2: the bar is hidden when the path contains "login"; the staff desk has its own bar (decision 039). */
export function isBarHidden(pathname: string): boolean {
  return pathname.toLowerCase().includes("login") || pathname === "/desk" || pathname.startsWith("/desk/");
}

/** The footer (decision 064) is on the public pages: not in the console or the desk (work areas), nor on login. */
export function hasSiteFooter(pathname: string): boolean {
  return !isBarHidden(pathname) && pathname !== "/console" && !pathname.startsWith("/console/");
}
