import { renderToStaticMarkup } from "react-dom/server";
import { theme } from "~/components/ui/stitches.config";
import { secured } from "./security-headers.server";

/** The page that was posted to, as a path on this site. */
function backPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Plain markup with inline styles: it is the whole response, with no scripts or stylesheets. */
function RefusalPage({ back }: { back: string }) {
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>请求已拒绝 · 算力云</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body
        style={{
          margin: 0,
          fontFamily: theme.fonts.body.value,
          color: theme.colors.text.value,
          background: theme.colors.page.value,
        }}
      >
        <main style={{ maxWidth: 560, margin: "80px auto", padding: 32, background: "white", borderRadius: 8 }}>
          <h1 style={{ fontSize: 22, margin: "0 0 12px" }}>403 · 请求已拒绝</h1>
          <p>这次提交不是从本站页面发出的。为保护您的账户，它已被拒绝，没有做任何更改。</p>
          <p>如果您正在本站操作，请返回原页面，刷新后重新提交。</p>
          <p>
            <a href={back} style={{ color: theme.colors.primary.value }}>
              返回原页面
            </a>
            {" · "}
            <a href="/store" style={{ color: theme.colors.primary.value }}>
              算力市场
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}

/**
 * The answer to a form post whose Origin is another site's (Remix's CSRF check,
 * patched to call this instead of answering an empty 500; decision 015).
 * The action has not run.
 */
export function crossOriginRefusal(request: Request): Response {
  return secured(
    new Response(`<!DOCTYPE html>${renderToStaticMarkup(<RefusalPage back={backPath(request)} />)}`, {
      status: 403,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
    }),
  );
}
