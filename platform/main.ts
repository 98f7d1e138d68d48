import { serve } from "@hono/node-server";
import { z } from "zod";
import { getPlatform } from "./index";

/** `npm run start:platform`: the platform alone, for a split deployment (web tier with PLATFORM_URL). */
const { PORT, HOST } = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3001),
    HOST: z.string().default("127.0.0.1"),
  })
  .parse(process.env);

const platform = await getPlatform("standalone");
const server = serve({ fetch: platform.fetch, port: PORT, hostname: HOST }, (info) => {
  console.info(`[platform] listening on http://${info.address}:${info.port} (${platform.database.kind})`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    void platform.close().finally(() => process.exit(0));
  });
}
