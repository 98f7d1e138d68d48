import { ping, type Db } from "./client";

/** How long /readyz waits for a database connection and `select 1`. */
export const READY_TIMEOUT_MS = 1_000;

/**
 * The answer of /readyz: true when the database answered a trivial query
 * within `timeoutMs`. A platform whose connections are all held (PGlite's one
 * connection in a transaction that does not end, an exhausted pool) is not
 * ready. While an earlier check is still waiting for its connection, the
 * answer is false at once and no further query is queued behind it, so probes
 * during a stall do not pile up queries.
 */
export function readinessProbe(db: Db, timeoutMs = READY_TIMEOUT_MS): () => Promise<boolean> {
  let waiting: Promise<unknown> | null = null;
  return async () => {
    if (waiting) return false;
    const check = ping(db).catch(() => false);
    waiting = check;
    void check.finally(() => {
      if (waiting === check) waiting = null;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((r) => {
      timer = setTimeout(() => r(false), timeoutMs);
    });
    try {
      return await Promise.race([check, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
