/**
 * Lookups by key that go to the database together when they arrive together
 * (decision 054). A lane has at most one statement in flight. A lookup that
 * arrives while nothing runs waits only for the end of the current turn of the
 * event loop (setImmediate), so a lone lookup is not delayed; lookups that
 * arrive while a statement runs wait for it and then go together as the next
 * one, at most `maxPerStatement` at a time. A thousand requests at once make a
 * few dozen statements instead of a thousand, and a quiet server runs one
 * statement per lookup, as before.
 */
export interface BatchLane<K, R> {
  /** The row for `key`, or null when the statement found none. */
  lookup(key: K): Promise<R | null>;
}

/** Runs one statement for `keys` (distinct) and gives back the row found for each key; keys without a row are absent. */
export type BatchLookup<K, R> = (keys: K[]) => Promise<Map<K, R>>;

interface Ask<K, R> {
  key: K;
  resolve: (row: R | null) => void;
  reject: (error: unknown) => void;
}

export function batchLane<K, R>(run: BatchLookup<K, R>, maxPerStatement: number): BatchLane<K, R> {
  let asks: Ask<K, R>[] = [];
  let draining = false;

  async function drain(): Promise<void> {
    while (asks.length > 0) {
      const batch = asks.slice(0, maxPerStatement);
      asks = asks.slice(batch.length);
      try {
        const rows = await run([...new Set(batch.map((ask) => ask.key))]);
        for (const ask of batch) ask.resolve(rows.get(ask.key) ?? null);
      } catch (error) {
        for (const ask of batch) ask.reject(error);
      }
    }
    draining = false;
  }

  return {
    lookup(key) {
      return new Promise((resolve, reject) => {
        asks.push({ key, resolve, reject });
        if (draining) return;
        draining = true;
        setImmediate(() => void drain());
      });
    },
  };
}
