import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { getCssText } from "./components/ui/stitches.config";
import { preloadHandoff } from "./render/handoff.server";
import { applyPublicCache, notModifiedHeaders, privateDataAnswer } from "./render/public-cache.server";
import { NonceContext } from "./render/nonce";
import { logRefusal, refusalKind } from "./render/refusal-log.server";
import { applySecurityHeaders, createNonce, documentPolicy, secured } from "./render/security-headers.server";
import { renderStreaming } from "./render/streaming.server";

/** Called by the patched Remix server runtime when a form post comes from another origin (decision 015). */
export { crossOriginRefusal as handleCrossOriginAction } from "./render/cross-origin.server";

const STITCHES_TAG = /<style id="stitches"[^>]*>[\s\S]*?<\/style>/;

/**
 * The whole document as one string. The loader data is read first, so React
 * renders in one synchronous pass (docs/decisions/013-document-rendering.md);
 * when Remix's context is not as expected, it renders with streaming instead.
 * Every request is rendered afresh.
 */
async function renderDocument(request: Request, remixContext: EntryContext, nonce: string): Promise<string> {
  const document = (
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>
  );
  const handoff = await preloadHandoff(remixContext);
  if (handoff) {
    const html = renderToString(document);
    if (handoff.isComplete(html)) return html;
    console.error("entry.server: the loader data did not reach the document; rendering with streaming instead");
    handoff.restore();
  }
  return renderStreaming(document);
}

/**
 * Renders the document first, then puts the CSS Stitches collected while
 * rendering into <style id="stitches">, so server HTML is styled without
 * JavaScript (the approach of Remix's own Stitches example). Each document
 * gets its own CSP nonce (docs/decisions/027).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const nonce = createNonce();
  const html = await renderDocument(request, remixContext, nonce);
  const markup = html.replace(STITCHES_TAG, () => `<style id="stitches" nonce="${nonce}">${getCssText()}</style>`);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.delete("Content-Security-Policy");
  applySecurityHeaders(responseHeaders, documentPolicy(nonce));
  // A published public page read by a visitor without a session: cacheable, with an ETag (issue 35 §2).
  if ((await applyPublicCache(request, responseStatusCode, responseHeaders, markup, nonce)) === "not-modified")
    return new Response(null, { status: 304, headers: notModifiedHeaders(responseHeaders) });
  return new Response(`<!DOCTYPE html>${markup}`, {
    status: responseStatusCode,
    headers: responseHeaders,
  });
}

/** Loader and action data for client navigations get the same headers as every other answer. */
export function handleDataRequest(response: Response): Response {
  const answer = secured(response);
  privateDataAnswer(answer.headers);
  return answer;
}

/**
 * Errors Remix reports. A refusal anyone can cause (a post from another
 * origin, a post to a page without an action, an unknown path) is one sampled
 * line; anything else is logged whole, as Remix would.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const kind = refusalKind(error);
  if (kind) return logRefusal(kind, request);
  console.error(isRouteErrorResponse(error) && "error" in error && error.error ? error.error : error);
};
