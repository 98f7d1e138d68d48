import type { Context, Hono } from "hono";
import type { ThirdPartyCall, ThirdPartyOkReply } from "../../contract/work-orders";
import type { ThirdPartyEnv } from "./index";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Calls = Record<string, ThirdPartyCall<"GET" | "POST" | "PUT" | "DELETE", string, any, any, unknown>>;

/**
 * Routes for one area's /third-party calls (platform/contract/<area>.ts): the
 * method and path come from the call's descriptor, so a route that is not in
 * the contract, or a handler whose data is not its reply, fails typecheck.
 * The success envelope `{code: 0, reason: "", message: "", data}` is added here.
 */
export function thirdPartyRoutes<C extends Calls>(router: Hono<ThirdPartyEnv>) {
  return function on<N extends keyof C & string>(
    _name: N,
    method: C[N]["method"],
    path: C[N]["path"],
    handler: (c: Context<ThirdPartyEnv>) => Promise<C[N]["data"]>,
  ) {
    router.on(method, path, async (c) => {
      const reply: ThirdPartyOkReply<C[N]["data"]> = { code: 0, reason: "", message: "", data: await handler(c) };
      return c.json(reply);
    });
  };
}
