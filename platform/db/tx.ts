import { AsyncLocalStorage } from "node:async_hooks";
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

/** What runs once the outermost transaction has committed; it receives the database outside the transaction. */
export type AfterCommit = (db: Db) => void;

interface TransactionScope {
  /** The handle the outermost transaction was opened on (the pool or PGlite itself). */
  root: Db;
  afterCommit: AfterCommit[];
}

const scope = new AsyncLocalStorage<TransactionScope>();

/**
 * True while the calling code runs inside `inTransaction` (the providers'
 * guard refuses outside calls then: platform/providers/guard.ts, decision 058).
 */
export function insideTransaction(): boolean {
  return scope.getStore() !== undefined;
}

/**
 * Runs `fn` once the current transaction has committed (not at all when it
 * rolls back); outside a transaction, right away. `fn` runs outside every
 * transaction, with the root database handle; it is not awaited, so it
 * handles its own errors.
 */
export function afterCommit(db: Db, fn: AfterCommit): void {
  const current = scope.getStore();
  if (current) current.afterCommit.push(fn);
  else fn(db);
}

/**
 * Runs `fn` in one transaction, retrying on serialization failure and deadlock.
 * A call inside another joins it (a savepoint); the outermost one runs the
 * `afterCommit` callbacks its work registered, after its commit.
 */
export async function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>, attempts = 5): Promise<T> {
  if (insideTransaction()) return db.transaction((tx) => fn(tx as unknown as Db));
  for (let attempt = 1; ; attempt++) {
    const current: TransactionScope = { root: db, afterCommit: [] };
    try {
      const result = await scope.run(current, () => db.transaction((tx) => fn(tx as unknown as Db)));
      for (const callback of current.afterCommit) {
        try {
          callback(current.root);
        } catch (error) {
          console.error(`[db] after-commit callback failed: ${String(error)}`);
        }
      }
      return result;
    } catch (error) {
      const code = pgCode(error);
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw error;
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
    }
  }
}

/** The SQLSTATE of a database error, also when wrapped by the driver or ORM. */
export { pgCode };
