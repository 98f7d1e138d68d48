import type { Context } from "hono";
import type { Caller, Ctx, Visitor } from "../modules/context";
import { resolveSession } from "../modules/accounts/sessions";
import { DomainError } from "../modules/errors";
import { requestAddress, requestUserAgent, type Addressing } from "./client-address";
import type { Form } from "./wire";

/** Hono variables every router shares. */
export type Env = {
  Variables: {
    ctx: Ctx;
    addressing: Addressing;
    /** This platform's own HTTP handler: the sandbox payment page sends its callback through it, as a provider would. */
    dispatch: (request: Request) => Promise<Response>;
    /** Set by the open API's signature check (http/open-api/): the key's main account, in place of a session. */
    openApiCaller?: Caller;
  };
};

/**
 * Whoever sent the request, signed in or not: its origin, for per-address
 * limits (null when unknown). The address is worked out when a limit first
 * asks for it: most calls never do, and reading it can mean a system call for
 * the socket's peer.
 */
export function visitor<E extends Env>(c: Context<E>): Visitor {
  let ip: string | null | undefined;
  let userAgent: string | null | undefined;
  return {
    origin: {
      get ip() {
        if (ip === undefined) ip = requestAddress(c, c.get("addressing"));
        return ip;
      },
      get userAgent() {
        if (userAgent === undefined) userAgent = requestUserAgent(c, c.get("addressing"));
        return userAgent;
      },
    },
  };
}

/** The `session` field of the main API's body (spec §7), when it is a string. */
export function sessionToken(form: Form): string | undefined {
  return typeof form.session === "string" ? form.session : undefined;
}

/** The main API's signed-in caller: the `session` field of the body (spec §7); status 2 when it is dead. */
export function callerFromForm(c: Context<Env>, form: Form): Promise<Caller> {
  const signed = c.get("openApiCaller");
  if (signed) return Promise.resolve(signed);
  return resolveSession(c.var.ctx, visitor(c), { token: sessionToken(form) });
}

/**
 * The caller of a public call that a live session enriches (SessionNeed
 * "optional"): null without a session field, and null for a dead one, which
 * such a call treats as no session rather than refusing.
 */
export async function optionalCallerFromForm(c: Context<Env>, form: Form): Promise<Caller | null> {
  const signed = c.get("openApiCaller");
  if (signed) return signed;
  const token = sessionToken(form);
  if (!token) return null;
  try {
    return await callerFromForm(c, form);
  } catch (error) {
    if (error instanceof DomainError && (error.key === "SESSION_INVALID" || error.key === "SESSION_EXPIRED"))
      return null;
    throw error;
  }
}
