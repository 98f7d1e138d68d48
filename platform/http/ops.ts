import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { OPS_COMMANDS } from "../ops/commands";
import { runOpsCommand } from "../ops/run";
import { DomainError } from "../modules/errors";
import { ERROR_CATALOGUE } from "../contract/errors";
import type { Env } from "./context";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Constant-time comparison of the presented bearer key with the operator key. */
function keyMatches(header: string | undefined, key: string): boolean {
  const presented = /^Bearer (\S{1,256})$/.exec(header ?? "")?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(key));
}

const RunBody = z.object({
  command: z.string().min(1).max(64),
  args: z.record(z.string().max(64), z.string().max(2000)).default({}),
  actor: z.string().min(1).max(64),
});

/**
 * /ops: the operators' door for `npm run ops` (decision 035). Closed (404) when
 * there is no operator key; every request must carry it as a bearer token.
 * Replies are JSON for the command-line tool, never seen by users.
 */
export function opsRoutes(opsKey: string | undefined): Hono<Env> {
  const router = new Hono<Env>();
  router.use("*", async (c, next) => {
    if (!opsKey) return c.json({ ok: false, message: "not found" }, 404);
    if (!keyMatches(c.req.header("authorization"), opsKey))
      return c.json({ ok: false, message: "operator key missing or wrong" }, 401);
    await next();
  });

  router.get("/commands", (c) =>
    c.json({ ok: true, commands: OPS_COMMANDS.map((command) => ({ name: command.name, summary: command.summary })) }),
  );

  router.post("/run", async (c) => {
    const body = RunBody.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ ok: false, message: "body must be {command, args, actor}" }, 400);
    try {
      const result = await runOpsCommand(c.var.ctx, body.data);
      if (!result.ok) return c.json(result, 400);
      return c.json(result);
    } catch (error) {
      if (error instanceof DomainError) {
        const reason = error.detail ?? ERROR_CATALOGUE[error.key].reason;
        return c.json({ ok: false, error: error.key, field: error.field ?? null, message: reason }, 409);
      }
      throw error;
    }
  });
  return router;
}
