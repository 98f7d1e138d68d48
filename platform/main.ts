import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { z } from "zod";
import { getPlatform } from "./index";

/** `npm run start:platform`: the platform alone, for a split deployment (web tier with PLATFORM_URL). */
const { PORT, HOST } = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3001),
    HOST: z.string().default("127.0.0.1"),
  })
  .parse(process.env);

/**
 * Connections the kernel may hold before the platform accepts them. Node's
 * default, 511, overflows when a thousand browsers connect at once (the coupon
 * rush): the kernel drops the excess connects, and each is answered a second
 * later, when the browser sends it again (decision 031). The kernel caps it
 * at net.core.somaxconn.
 */
const LISTEN_BACKLOG = 4096;

const platform = await getPlatform("standalone");
const server = createAdaptorServer({ fetch: platform.fetch });
server.listen({ port: PORT, host: HOST, backlog: LISTEN_BACKLOG }, () => {
  const info = server.address() as AddressInfo;
  console.info(`[platform] listening on http://${info.address}:${info.port} (${platform.database.kind})`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    void platform.close().finally(() => process.exit(0));
  });
}
