import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

/**
 * Spec §2's /console/orders ("main accounts only") is the finance area's order
 * list: one page, reached by both paths. A redirect (keeping the query) rather
 * than a second copy, so the list has one URL to bookmark and one guard.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return redirect(`/console/finance/orders${search}`, 302);
}
