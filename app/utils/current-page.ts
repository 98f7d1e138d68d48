/**
 * Whether `pathname` is the page `to` or a page under it: the rule React Router's NavLink applies without `end`
 * (not case-sensitive). Navigation lists render a plain Link with this as `aria-current`: one path check per link,
 * where each NavLink resolves its own path and reads the router's state (about 16 µs more a link on the server,
 * measured in the decision 022 record of 2026-11-27 late night).
 *
 * `also` names further pages a link stands for when their paths are not under its own: the work-order form
 * (`/console/createWorkOrder/submit/…`) is 提交工单's, one work order (`…/myWorkOrderDetail/7`) is 我的工单's.
 */
export function isCurrentPage(pathname: string, to: string, also: readonly string[] = []): boolean {
  const here = pathname.toLowerCase();
  return [to, ...also].some((path) => {
    const page = path.length > 1 && path.endsWith("/") ? path.slice(0, -1).toLowerCase() : path.toLowerCase();
    return here === page || here.startsWith(`${page}/`);
  });
}

/** `aria-current="page"` for the link to the page the user is on, nothing for the others. */
export const currentPageAttribute = (pathname: string, to: string, also?: readonly string[]): "page" | undefined =>
  isCurrentPage(pathname, to, also) ? "page" : undefined;
