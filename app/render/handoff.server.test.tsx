import type { EntryContext } from "@remix-run/node";
// Remix's own component that writes the loader-data stream into the document (not public API).
import { StreamTransfer } from "@remix-run/react/dist/single-fetch.js";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { preloadHandoff } from "./handoff.server";

const DATA = '[{"_1":2},"root",{"name":"张三 </script>"}]\n';

function remixContext(text: string) {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // Two chunks, split inside a multi-byte character, as a network stream may be.
      const bytes = new TextEncoder().encode(text);
      controller.enqueue(bytes.slice(0, 20));
      controller.enqueue(bytes.slice(20));
      controller.close();
    },
  });
  return { serverHandoffStream: stream, renderMeta: { didRenderScripts: true } } as unknown as EntryContext & {
    serverHandoffStream: ReadableStream<Uint8Array>;
  };
}

function transfer(context: ReturnType<typeof remixContext>) {
  return renderToString(
    <StreamTransfer
      context={context}
      identifier={0}
      reader={context.serverHandoffStream.getReader()}
      textDecoder={new TextDecoder()}
    />,
  );
}

describe("preloadHandoff", () => {
  it("lets Remix's StreamTransfer write the whole data stream in one synchronous render", async () => {
    const context = remixContext(DATA);
    const handoff = await preloadHandoff(context);
    expect(handoff).not.toBeNull();
    const html = transfer(context);
    expect(html).toContain("window.__remixContext.streamController.enqueue(");
    expect(html).toContain("张三");
    expect(html).not.toContain('</script>"}'); // escaped for an inline script
    expect(html).toContain("window.__remixContext.streamController.close()");
    expect(handoff!.isComplete(html)).toBe(true);
  });

  it("reports a document without the data as incomplete, and restore gives the data back as a stream", async () => {
    const context = remixContext(DATA);
    const handoff = (await preloadHandoff(context))!;
    expect(handoff.isComplete("<html><body></body></html>")).toBe(false);
    expect(handoff.isComplete("<script>window.__remixContext.streamController.close();</script>")).toBe(false);
    handoff.restore();
    expect((context as unknown as { renderMeta: object }).renderMeta).not.toHaveProperty("streamCache");
    const text = await new Response(context.serverHandoffStream).text();
    expect(text).toBe(DATA);
  });

  it("leaves a context of another shape alone", async () => {
    expect(await preloadHandoff({} as EntryContext)).toBeNull();
    const context = remixContext(DATA);
    (context as unknown as { renderMeta: { streamCache: object } }).renderMeta.streamCache = {};
    expect(await preloadHandoff(context)).toBeNull();
    expect(await new Response(context.serverHandoffStream).text()).toBe(DATA);
  });
});
