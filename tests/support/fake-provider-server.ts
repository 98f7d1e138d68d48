/**
 * What the local fakes of payment providers (fake-alipay.ts, fake-wechatpay.ts)
 * share: an HTTP server on 127.0.0.1 that hands each request to the fake with
 * its whole body, a log of the requests it accepted or refused, and a close
 * that drops kept-alive connections.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A request a fake received: whether it passed the fake's checks, and why not. */
export interface FakeProviderRequest {
  method: string;
  url: string;
  accepted: boolean;
  refusal?: string;
}

/** Records one request's outcome in `requests`; returns the logger the fake calls once per request. */
export function requestLogger(requests: FakeProviderRequest[], req: IncomingMessage) {
  const entry = { method: req.method ?? "", url: req.url ?? "/" };
  return (accepted: boolean, refusal?: string) => requests.push({ ...entry, accepted, refusal });
}

export async function startFakeProviderServer(
  handle: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => handle(req, res, Buffer.concat(chunks).toString("utf8")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
