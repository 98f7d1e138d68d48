import { insideTransaction } from "../db/tx";
import type { Providers } from "./index";

/**
 * Provider methods that only compute from configuration and never reach
 * outside the process, so they may be called inside a transaction (the
 * simulated fleet's state delays, the access line and a plugin's address built from a host name).
 */
const LOCAL_METHODS = new Set(["compute.transitionDelayMs", "compute.access", "compute.pluginAddress"]);

/** A provider (SMS, email, payment, storage, compute…) was called inside a database transaction. */
export class ProviderInTransactionError extends Error {
  constructor(method: string) {
    super(
      `provider call ${method}() inside a database transaction: a transaction must never wait on the outside world ` +
        `(decision 058). Queue an SMS or email in the delivery outbox (modules/deliveries/queue.ts), or make the call after the commit.`,
    );
    this.name = "ProviderInTransactionError";
  }
}

function guard<T extends object>(target: T, path: string, cache: WeakMap<object, object>): T {
  const known = cache.get(target);
  if (known) return known as T;
  const guarded = new Proxy(target, {
    get(object, key, receiver) {
      const value: unknown = Reflect.get(object, key, receiver);
      if (typeof key === "symbol") return value;
      const name = path ? `${path}.${key}` : key;
      if (typeof value === "function") {
        if (LOCAL_METHODS.has(name)) return value.bind(object);
        return (...args: unknown[]) => {
          if (insideTransaction()) throw new ProviderInTransactionError(name);
          return (value as (...a: unknown[]) => unknown).apply(object, args);
        };
      }
      if (value !== null && typeof value === "object") return guard(value, name, cache);
      return value;
    },
  });
  cache.set(target, guarded);
  return guarded;
}

/**
 * The providers as modules receive them: every method call made inside
 * `inTransaction` throws ProviderInTransactionError instead of reaching the
 * provider, so no transaction (and no connection of the pool, or PGlite's one
 * connection) is held while an SMS gateway, mail server or payment API answers.
 * Replacing a provider on the returned object (tests do) keeps the guard.
 */
export function guardProviders(providers: Providers): Providers {
  return guard(providers, "", new WeakMap());
}
