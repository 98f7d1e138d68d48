/**
 * Operator commands as a journey runs them: through the site's /ops door with
 * the key the test server wrote, as `npm run ops` does.
 */
import { readFileSync } from "node:fs";
import { expect, type APIRequestContext } from "@playwright/test";
import { opsKeyFile } from "../../platform/ops/key";

/** Runs `command` with `args` as the operator "e2e"; the command must succeed. */
export async function ops(request: APIRequestContext, command: string, args: Record<string, string>) {
  const key = readFileSync(opsKeyFile(process.env.E2E_DATA_DIR!), "utf8").trim();
  const reply = await request.post("/ops/run", {
    headers: { authorization: `Bearer ${key}` },
    data: { command, args, actor: "e2e" },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
}
