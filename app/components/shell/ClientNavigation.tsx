import { PrefetchPageLinks, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { clientNavigationTarget } from "~/utils/site-link-click";

const SITE_LINK = "a[data-site-link]";
const INTENT_LINK = 'a[data-prefetch="intent"]';
/** Remix's Link waits this long on hover or focus before it prefetches. */
const INTENT_DELAY_MS = 100;

function closestAnchor(target: EventTarget | null, selector: string): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>(selector) : null;
}

/**
 * The client side of SiteLink, for every site link at once: a left click is
 * navigated in the page (no reload), and hovering or focusing a link marked
 * prefetch="intent" for 100 ms prefetches that page's code and data. React's
 * own handlers run first (they listen on the root), so a handler that
 * prevented the click keeps the page where it is. Renders nothing on the
 * server.
 */
export function ClientNavigation() {
  const navigate = useNavigate();
  const [intentPage, setIntentPage] = useState<string | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = closestAnchor(event.target, SITE_LINK);
      if (!anchor) return;
      const { origin, pathname, search, hash } = window.location;
      const target = clientNavigationTarget(event, anchor, { origin, path: `${pathname}${search}${hash}` });
      if (!target) return;
      event.preventDefault();
      navigate(target.to, { replace: target.replace });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: HTMLAnchorElement | null = null;
    const enter = (event: Event) => {
      const anchor = closestAnchor(event.target, INTENT_LINK);
      if (!anchor || anchor === pending) return;
      clearTimeout(timer);
      pending = anchor;
      timer = setTimeout(() => {
        const url = new URL(anchor.href);
        if (url.origin === window.location.origin) setIntentPage(`${url.pathname}${url.search}`);
      }, INTENT_DELAY_MS);
    };
    const leave = (event: Event) => {
      const anchor = closestAnchor(event.target, INTENT_LINK);
      if (!anchor) return;
      const related = (event as MouseEvent | FocusEvent).relatedTarget;
      if (related instanceof Node && anchor.contains(related)) return;
      clearTimeout(timer);
      pending = null;
      setIntentPage(null);
    };
    const events: [string, (event: Event) => void][] = [
      ["mouseover", enter],
      ["focusin", enter],
      ["touchstart", enter],
      ["mouseout", leave],
      ["focusout", leave],
    ];
    for (const [name, handler] of events) document.addEventListener(name, handler, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const [name, handler] of events) document.removeEventListener(name, handler);
    };
  }, []);

  return intentPage ? <PrefetchPageLinks page={intentPage} /> : null;
}
