import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { ContactWidget } from "./components/shell/ContactWidget";
import { hasSiteFooter, isBarHidden, isDarkBar } from "./components/shell/nav-tabs";
import { PageLifecycle } from "./components/shell/PageLifecycle";
import { SiteFooter } from "./components/shell/SiteFooter";
import { TopBar } from "./components/shell/TopBar";
import { VISITOR_SHELL } from "./components/shell/visitor-shell";
import { GeneralErrorBoundary } from "./components/ErrorBoundary";
import { Page } from "./components/ui/layout";
import { bodyFontUrl, globalStyles } from "./components/ui/global-styles";
import { Toast } from "./components/ui/Toast";
import { useNonce } from "./render/nonce";
import { rootLoader } from "./utils/shell.server";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "preload", href: bodyFontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export const meta: MetaFunction = () => [{ title: "算力云 · GPU 算力租用平台" }];

export function loader({ request }: LoaderFunctionArgs) {
  return rootLoader(request);
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders, parentHeaders }) => {
  const merged = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders]) {
    for (const [key, value] of source.entries()) merged.append(key, value);
  }
  return merged;
};

/** Spec §2: user info and unread state load on every navigation. */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export interface RouteHandle {
  showContact?: boolean;
  /** The spec's name of the route, where it names one (modelDetail). */
  routeName?: string;
}

export function Layout({ children }: { children: ReactNode }) {
  globalStyles();
  const nonce = useNonce();
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <style id="stitches" nonce={nonce} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const shell = useLoaderData<typeof loader>();
  const location = useLocation();
  const matches = useMatches();
  const showContact = matches.some((m) => (m.handle as RouteHandle | undefined)?.showContact === true);
  return (
    <>
      {!isBarHidden(location.pathname) && <TopBar shell={shell} dark={isDarkBar(location.pathname)} />}
      {shell.toast && <Toast toast={shell.toast} />}
      <Outlet />
      {hasSiteFooter(location.pathname) && <SiteFooter footer={shell.site.footer} />}
      {showContact && <ContactWidget />}
      <PageLifecycle bdVid={shell.bdVid} />
    </>
  );
}

/**
 * Every error page keeps the shell: the bar (as a visitor sees it when the root
 * loader itself failed), a way back, and the footer. Shown even where the bar is
 * usually hidden (an unknown /desk/… or /login/… address): a dead end needs a way out.
 */
export function ErrorBoundary() {
  const shell = useRouteLoaderData<typeof loader>("root") ?? VISITOR_SHELL;
  const location = useLocation();
  return (
    <>
      <TopBar shell={shell} dark={isDarkBar(location.pathname)} />
      <Page>
        <GeneralErrorBoundary />
      </Page>
      <SiteFooter footer={shell.site.footer} />
    </>
  );
}
