import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parsePersonalDataKeys, type PersonalDataKeys } from "./personal-data-cipher";

/** Where a development platform keeps its generated personal data keys (readable by the owner only). */
export const personalDataKeyFile = (dataDir: string) => path.resolve(dataDir, "personal-data-keys");

const inMemory = (dataDir: string) => dataDir === "memory://" || dataDir === "";

const newKey = () => randomBytes(32).toString("hex");

/** A fresh ring of one key, named "dev1", and a hash key: the file's two lines, as the variables are written. */
function generatedLines(): string {
  return `PERSONAL_DATA_KEYS=dev1:${newKey()}\nPERSONAL_DATA_HASH_KEY=${newKey()}\n`;
}

function parseLines(text: string): PersonalDataKeys {
  const value = (name: string) =>
    text
      .split("\n")
      .find((line) => line.startsWith(`${name}=`))
      ?.slice(name.length + 1)
      .trim() ?? "";
  return parsePersonalDataKeys(value("PERSONAL_DATA_KEYS"), value("PERSONAL_DATA_HASH_KEY"));
}

/**
 * The key ring personal data is sealed with (decision 096): PERSONAL_DATA_KEYS and PERSONAL_DATA_HASH_KEY when
 * set (production requires them: config.ts refuses to start without); outside production, else a ring generated
 * once into DATA_DIR/personal-data-keys (mode 0600) and read back on every start, so what was sealed still opens;
 * an in-memory database (tests) gets a ring for this process only. A file that no longer parses stops the start
 * rather than being replaced (its values would never open again). Nothing here logs or reports a key.
 */
export function resolvePersonalDataKeys(options: {
  personalDataKeys?: PersonalDataKeys;
  production: boolean;
  dataDir: string;
}): PersonalDataKeys {
  if (options.personalDataKeys) return options.personalDataKeys;
  if (options.production) throw new Error("APP_ENV=production requires PERSONAL_DATA_KEYS and PERSONAL_DATA_HASH_KEY");
  if (inMemory(options.dataDir)) return parseLines(generatedLines());
  const file = personalDataKeyFile(options.dataDir);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, generatedLines(), { mode: 0o600, flag: "wx" });
    chmodSync(file, 0o600);
  }
  try {
    return parseLines(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${file} is not a personal data key file: ${(error as Error).message}`);
  }
}
