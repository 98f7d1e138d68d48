import { Link } from "@remix-run/react";

/**
 * Has Remix learn a resource route at hydration, for a fetcher that will poll it later (decision 048).
 *
 * With lazy route discovery, a fetcher's first load of a route the page does not know asks the server for it
 * (`/__manifest`) under the fetcher's own signal. When a form submission aborts that load after the answer
 * arrived but before the route was added, Remix has already marked the path discovered: the next load of it
 * finds no route, and the page shows 404 in place of itself (seen in CI: the notification poll during a slow
 * work-order upload). Remix's eager discovery adds the routes of the links a page renders, without a fetcher's
 * signal; this hidden link puts the polled route among them, so the poll never discovers it mid-flight.
 */
export function DiscoverRoute({ to }: { to: string }) {
  return <Link to={to} hidden tabIndex={-1} aria-hidden="true" />;
}
