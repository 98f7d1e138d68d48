import { pgCode } from "../../db/tx";
import { fail, type ErrorKey } from "../errors";

/** A name as the catalogue keeps it: trimmed, 1 to `max` characters. */
export function catalogueName(value: string, max: number, field = "name"): string {
  const name = value.trim();
  if (name.length < 1 || name.length > max) return fail("BAD_REQUEST", field, `名称需为1-${max}个字`);
  return name;
}

/** Runs one write; a unique-index violation (a name that exists, also under a race) becomes `key`. */
export async function uniqueName<T>(key: ErrorKey, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgCode(error) === "23505") return fail(key, "name");
    throw error;
  }
}
