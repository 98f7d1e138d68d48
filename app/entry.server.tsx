import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { getCssText } from "./components/ui/stitches.config";

const STITCHES_TAG = /<style id="stitches">[\s\S]*?<\/style>/;

/**
 * Renders the whole document first, then puts the CSS Stitches collected while
 * rendering into <style id="stitches">, so server HTML is styled without
 * JavaScript (the approach of Remix's own Stitches example).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const markup = renderToString(<RemixServer context={remixContext} url={request.url} />).replace(
    STITCHES_TAG,
    () => `<style id="stitches">${getCssText()}</style>`,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${markup}`, { status: responseStatusCode, headers: responseHeaders });
}
