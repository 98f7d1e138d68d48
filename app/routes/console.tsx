import { data, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { ConsoleNav } from "~/components/console/ConsoleNav";
import { styled } from "~/components/ui/stitches.config";
import { requireUser } from "~/utils/session.server";

export const CONSOLE_CACHE_CONTROL = "private, no-store";

/** The console's session guard: a dead session goes to /login?redirectTo=… */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  return data({ isSub: user.SubAccount !== null }, { headers: { "Cache-Control": CONSOLE_CACHE_CONTROL } });
}

export const headers: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", CONSOLE_CACHE_CONTROL);
  return headers;
};

const Shell = styled("div", { "@desktop": { display: "flex" } });
const Content = styled("div", { flex: 1, minWidth: 0, padding: "$5" });

export default function ConsoleLayout() {
  const { isSub } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  // Spec §2: leaving a console page scrolls to top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <Shell>
      <ConsoleNav isSub={isSub} />
      <Content>
        <Outlet />
      </Content>
    </Shell>
  );
}
