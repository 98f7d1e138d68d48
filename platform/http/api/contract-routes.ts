import type { Context, Hono } from "hono";
import type { MainApiCall, SessionNeed } from "../../contract/calls";
import type { Env } from "../context";
import { ok } from "../wire";

type Calls = Record<string, MainApiCall<unknown, unknown, SessionNeed>>;

/**
 * Routes for one area's calls of the contract (platform/contract/<area>.ts):
 * a path that is not in the contract, or a handler whose data is not the
 * contract's reply for that path, fails typecheck. The handler returns the
 * wire data; the success envelope `{status: 0, reason: "", data}` is added here.
 */
export function contractRoutes<C extends Calls>(router: Hono<Env>) {
  type Handler<P extends keyof C> = (c: Context<Env>) => Promise<C[P]["data"]>;
  return {
    post<P extends keyof C & string>(path: P, handler: Handler<P>) {
      router.post(path, async (c) => ok(c, await handler(c)));
    },
    get<P extends keyof C & string>(path: P, handler: Handler<P>) {
      router.get(path, async (c) => ok(c, await handler(c)));
    },
  };
}
