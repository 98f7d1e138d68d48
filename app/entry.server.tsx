import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { getCssText } from "./components/ui/stitches.config";
import { preloadHandoff } from "./render/handoff.server";
import { renderStreaming } from "./render/streaming.server";

/** Called by the patched Remix server runtime when a form post comes from another origin (decision 015). */
export { crossOriginRefusal as handleCrossOriginAction } from "./render/cross-origin.server";

const STITCHES_TAG = /<style id="stitches">[\s\S]*?<\/style>/;

/**
 * The whole document as one string. The loader data is read first, so React
 * renders in one synchronous pass (docs/decisions/013-document-rendering.md);
 * when Remix's context is not as expected, it renders with streaming instead.
 * Every request is rendered afresh.
 */
async function renderDocument(request: Request, remixContext: EntryContext): Promise<string> {
  const handoff = await preloadHandoff(remixContext);
  if (handoff) {
    const html = renderToString(<RemixServer context={remixContext} url={request.url} />);
    if (handoff.isComplete(html)) return html;
    console.error("entry.server: the loader data did not reach the document; rendering with streaming instead");
    handoff.restore();
  }
  return renderStreaming(<RemixServer context={remixContext} url={request.url} />);
}

/**
 * Renders the document first, then puts the CSS Stitches collected while
 * rendering into <style id="stitches">, so server HTML is styled without
 * JavaScript (the approach of Remix's own Stitches example).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const html = await renderDocument(request, remixContext);
  const markup = html.replace(STITCHES_TAG, () => `<style id="stitches">${getCssText()}</style>`);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${markup}`, {
    status: responseStatusCode,
    headers: responseHeaders,
  });
}
