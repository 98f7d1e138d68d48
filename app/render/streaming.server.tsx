import { PassThrough } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";

const ABORT_DELAY_MS = 10_000;

/** Renders the whole document with React's streaming renderer, waiting for every Suspense boundary. */
export function renderStreaming(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    // Cleared once the document is complete: a pending timer would keep the whole render alive for its delay.
    const timer = setTimeout(() => abort(), ABORT_DELAY_MS);
    const settle =
      <T,>(fn: (value: T) => void) =>
      (value: T) => {
        clearTimeout(timer);
        fn(value);
      };
    const { pipe, abort } = renderToPipeableStream(element, {
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
    });
  });
}
