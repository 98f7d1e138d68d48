import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { useEffect } from "react";
import { ConsoleNav } from "~/components/console/ConsoleNav";
import { styled } from "~/components/ui/stitches.config";
import { CONSOLE_CACHE_CONTROL, consoleLayoutLoader } from "~/utils/console-layout.server";
import { useWorkOrderUnread } from "~/utils/work-order-unread";

/** The console's session guard: a dead session goes to /login?redirectTo=… */
export function loader({ request }: LoaderFunctionArgs) {
  return consoleLayoutLoader(request);
}

export const headers: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", CONSOLE_CACHE_CONTROL);
  return headers;
};

const Shell = styled("div", { "@desktop": { display: "flex" } });
const Content = styled("main", { flex: 1, minWidth: 0, padding: "$4", "@desktop": { padding: "$5" } });

/** The console's frame: its navigation beside the page. */
function ConsoleFrame({ isSub, children }: { isSub: boolean; children: ReactNode }) {
  const workOrderUnread = useWorkOrderUnread();
  return (
    <Shell>
      <ConsoleNav isSub={isSub} workOrderUnread={workOrderUnread} />
      <Content>{children}</Content>
    </Shell>
  );
}

export default function ConsoleLayout() {
  const { isSub } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  // Spec §2: leaving a console page scrolls to top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <ConsoleFrame isSub={isSub}>
      <Outlet />
    </ConsoleFrame>
  );
}

/** An error inside the console (a 403, a 404, 服务繁忙) keeps the console's navigation. */
export function ErrorBoundary() {
  const layout = useRouteLoaderData<typeof loader>("routes/console");
  return (
    <ConsoleFrame isSub={layout?.isSub ?? false}>
      <GeneralErrorBoundary />
    </ConsoleFrame>
  );
}
