import type { AnchorHTMLAttributes } from "react";

export interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A path on this site ("/inform", "?page=2"), or a full URL. */
  to: string;
  /** Replace the current history entry rather than add one. */
  replace?: boolean;
  /** Fetch the page's code and data while the link is hovered or focused (Remix's prefetch="intent"). */
  prefetch?: "intent" | "none";
}

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * A link to a page of this site: a plain anchor, so it works before and
 * without JavaScript. With JavaScript, ClientNavigation (in the root) follows
 * it without a reload and prefetches on intent, as Remix's Link would; one
 * listener serves every link, so a page with many links renders none of
 * Link's per-link hooks (decision 016).
 */
export function SiteLink({ to, replace = false, prefetch = "none", ...props }: SiteLinkProps) {
  return (
    <a
      {...props}
      href={to}
      data-site-link={replace ? "replace" : "push"}
      data-prefetch={prefetch === "intent" ? "intent" : undefined}
      // Remix's route discovery fetches the routes of rendered links marked so.
      data-discover={ABSOLUTE_URL.test(to) ? undefined : "true"}
    />
  );
}
