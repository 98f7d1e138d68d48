import type { EntryContext } from "@remix-run/node";

/**
 * The parts of Remix's server entry context that single fetch uses to move
 * loader data into the document (Remix 2.17, not part of its typed API):
 * - `serverHandoffStream`: the turbo-stream encoding of the loader data;
 * - `renderMeta.streamCache`: what `<StreamTransfer>` has read of that stream,
 *   one settled promise per chunk, keyed by chunk number, each with `result`.
 */
type Chunk = { done: boolean; value: string };
type HandoffContext = EntryContext & {
  serverHandoffStream?: ReadableStream<Uint8Array>;
  renderMeta?: { streamCache?: Record<number, Promise<void> & { result: Chunk }> };
};

const ENQUEUE = "window.__remixContext.streamController.enqueue(";
const CLOSE = "window.__remixContext.streamController.close()";

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
  }
}

const settled = (result: Chunk) => Object.assign(Promise.resolve(), { result });

function streamOf(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      if (text) controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
}

export interface Handoff {
  /** Whether the document rendered from this context carries the whole data stream to the browser. */
  isComplete(html: string): boolean;
  /** Puts the context back as Remix made it (the data as a fresh stream), for a streaming render. */
  restore(): void;
}

/**
 * Reads the whole loader-data stream before rendering and hands it to
 * `<StreamTransfer>` as chunks already read, so the document renders in one
 * synchronous pass (`renderToString`) instead of suspending once per chunk.
 * Returns null when the context does not have the expected shape (another
 * Remix version); the caller then renders with streaming.
 */
export async function preloadHandoff(context: EntryContext): Promise<Handoff | null> {
  const ctx = context as HandoffContext;
  const renderMeta = ctx.renderMeta;
  if (!ctx.serverHandoffStream || !renderMeta || renderMeta.streamCache !== undefined) return null;
  const text = await readAll(ctx.serverHandoffStream);
  renderMeta.streamCache = { 0: settled({ done: false, value: text }), 1: settled({ done: true, value: "" }) };
  // <RemixServer> still calls getReader() on it; everything in it was read above.
  ctx.serverHandoffStream = streamOf("");
  return {
    // Both scripts sit at the end of the document: search from there.
    isComplete: (html) => html.lastIndexOf(CLOSE) !== -1 && (text === "" || html.lastIndexOf(ENQUEUE) !== -1),
    restore() {
      delete renderMeta.streamCache;
      ctx.serverHandoffStream = streamOf(text);
    },
  };
}
