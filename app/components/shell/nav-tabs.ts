import type { SiteConfig } from "~/env.server";

export interface NavTab {
  label: string;
  href: string;
  external?: boolean;
}

/** The bar's tabs in the spec's order (§2); the drawer adds datasets. */
export function navTabs(site: SiteConfig, opts: { isSub: boolean; drawer?: boolean }): NavTab[] {
  const tabs: (NavTab | false)[] = [
    { label: "算力市场", href: "/store" },
    { label: "控制台", href: "/console/dashboard" },
    { label: "文档中心", href: site.docsUrl, external: true },
    { label: "AI模型", href: "/AIModels" },
    { label: "软件下载", href: "/software" },
    !opts.isSub && { label: "积分商城", href: "/scoreStore" },
    site.raffleOpen && { label: "周年庆抽奖", href: "/activity_202510" },
    { label: "开放API", href: site.openApiUrl, external: true },
    { label: "硬件市场", href: site.hardwareMarketUrl, external: true },
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
