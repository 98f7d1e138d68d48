/**
 * Whether a link to `to` is the current page at `pathname`: the same path, or
 * a page below it (the rule of React Router's NavLink without `end`).
 */
export function isCurrentPath(pathname: string, to: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (to === "/") return path === "/";
  return path === to || path.startsWith(`${to}/`);
}
