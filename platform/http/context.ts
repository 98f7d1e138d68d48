import type { Context } from "hono";
import type { Caller, Ctx, Origin } from "../modules/context";
import { resolveSession } from "../modules/accounts/sessions";
import type { Form } from "./wire";

/** Hono variables every router shares. */
export type Env = { Variables: { ctx: Ctx } };

export function origin(c: Context): Origin {
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  return { ip: forwarded || c.req.header("x-real-ip") || "local" };
}

/** The main API's caller: the `session` field of the body (spec §7). */
export function callerFromForm(c: Context<Env>, form: Form): Promise<Caller> {
  const token = typeof form.session === "string" ? form.session : undefined;
  return resolveSession(c.var.ctx, token);
}
