/** What ClientNavigation needs to know about a click (a MouseEvent has all of it). */
export interface LinkClick {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
}

/** What it needs to know about the clicked anchor (an HTMLAnchorElement has all of it). */
export interface LinkAnchor {
  href: string;
  target: string;
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
}

export interface ClientNavigationTarget {
  /** Path, query and hash on this site. */
  to: string;
  replace: boolean;
}

/**
 * Whether a click on a site link is navigated in the page, and where to; null
 * leaves it to the browser. The rules are React Router's Link: a plain left
 * click, no other handler prevented it, no new-window target or download, and
 * the same origin. Going to the address already shown replaces the entry.
 */
export function clientNavigationTarget(
  click: LinkClick,
  anchor: LinkAnchor,
  current: { origin: string; path: string },
): ClientNavigationTarget | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) return null;
  if (anchor.target !== "" && anchor.target !== "_self") return null;
  if (anchor.hasAttribute("download")) return null;
  let url: URL;
  try {
    url = new URL(anchor.href);
  } catch {
    return null;
  }
  if (url.origin !== current.origin) return null;
  const to = `${url.pathname}${url.search}${url.hash}`;
  return { to, replace: anchor.getAttribute("data-site-link") === "replace" || to === current.path };
}
