import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import type { Hono } from "hono";
import type { Env } from "./context";

/** The operators' door listening on its own port (OPS_PORT, decision 061). */
export interface OpsListener {
  /** Where it listens, e.g. http://127.0.0.1:3002: what OPS_URL is set to for `npm run ops`. */
  url: string;
  close(): Promise<void>;
}

/** Serves the ops app on `listen` (port 0: any free port, for tests); resolves once it listens. */
export function listenForOperators(app: Hono<Env>, listen: { port: number; host: string }): Promise<OpsListener> {
  const server = createAdaptorServer({ fetch: app.fetch });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port: listen.port, host: listen.host }, () => {
      const info = server.address() as AddressInfo;
      const host = info.family === "IPv6" ? `[${info.address}]` : info.address;
      const url = `http://${host}:${info.port}`;
      console.info(`[platform] operators' door (/ops) listening on ${url}`);
      resolve({ url, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}
