import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { getCssText } from "./components/ui/stitches.config";

const STITCHES_TAG = /<style id="stitches">[\s\S]*?<\/style>/;
const ABORT_DELAY_MS = 10_000;

/** Renders the whole document, waiting for every Suspense boundary (single fetch streams loader data through one). */
function renderDocument(request: Request, remixContext: EntryContext): Promise<string> {
  return new Promise((resolve, reject) => {
    // Cleared once the document is complete: a pending timer would keep the whole render alive for its delay.
    const timer = setTimeout(() => abort(), ABORT_DELAY_MS + 1000);
    const settle =
      <T,>(fn: (value: T) => void) =>
      (value: T) => {
        clearTimeout(timer);
        fn(value);
      };
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />,
      {
        onAllReady() {
          const sink = new PassThrough();
          const chunks: Buffer[] = [];
          sink.on("data", (chunk: Buffer) => chunks.push(chunk));
          sink.on("end", () => settle(resolve)(Buffer.concat(chunks).toString("utf8")));
          sink.on("error", settle(reject));
          pipe(sink);
        },
        onShellError: settle(reject),
        onError(error) {
          console.error(error);
        },
      },
    );
  });
}

/**
 * Renders the document first, then puts the CSS Stitches collected while
 * rendering into <style id="stitches">, so server HTML is styled without
 * JavaScript (the approach of Remix's own Stitches example, with a full render
 * instead of renderToString so single fetch's streamed data is included).
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
