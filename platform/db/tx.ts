import type { Db } from "./client";

const RETRYABLE = new Set(["40001", "40P01"]); // serialization_failure, deadlock_detected

function pgCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Runs `fn` in one transaction, retrying on serialization failure and deadlock. */
export async function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => fn(tx as unknown as Db));
    } catch (error) {
      const code = pgCode(error);
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw error;
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
    }
  }
}

/** The SQLSTATE of a database error, also when wrapped by the driver or ORM. */
export { pgCode };
