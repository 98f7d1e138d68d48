import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Where a development platform keeps its generated operator key, for `npm run ops` on the same machine. */
export const opsKeyFile = (dataDir: string) => path.resolve(dataDir, "ops-key");

const inMemory = (dataDir: string) => dataDir === "memory://" || dataDir === "";

/**
 * The key operator commands must present (decision 035): OPS_KEY when set;
 * outside production, else a random key kept in DATA_DIR/ops-key (readable by
 * the owner only); otherwise none, and /ops is closed.
 */
export function resolveOpsKey(options: { opsKey?: string; production: boolean; dataDir: string }): string | undefined {
  if (options.opsKey) return options.opsKey;
  if (options.production || inMemory(options.dataDir)) return undefined;
  const file = opsKeyFile(options.dataDir);
  if (existsSync(file)) {
    const key = readFileSync(file, "utf8").trim();
    if (key.length >= 32) return key;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32).toString("hex");
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}
