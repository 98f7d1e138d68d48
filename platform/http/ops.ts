import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { OPS_COMMANDS } from "../ops/commands";
import { runOpsCommand } from "../ops/run";
import { DomainError } from "../modules/errors";
import { ERROR_CATALOGUE } from "../contract/errors";
import {
  MAX_WRONG_OPS_KEYS,
  OPS_KEY_WINDOW_MS,
  opsDoorThrottled,
  recordWrongOpsKey,
} from "../modules/security/ops-door";
import { visitor, type Env } from "./context";

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

const WINDOW_MINUTES = OPS_KEY_WINDOW_MS / 60_000;
/** What the CLI prints to an address that presented too many wrong keys; in Chinese and English, as operators may read either. */
export const OPS_THROTTLED_MESSAGE = `运维密钥错误次数过多，请 ${WINDOW_MINUTES} 分钟后再试 (more than ${MAX_WRONG_OPS_KEYS - 1} wrong operator keys from this address; try again in ${WINDOW_MINUTES} minutes)`;

/**
 * /ops: the operators' door for `npm run ops` (decision 035). Closed (404) when
 * there is no operator key; every request must carry it as a bearer token.
 * An address that presented 10 missing or wrong keys in 10 minutes gets 429
 * for anything until the window passes (decision 061); other addresses are
 * not affected. Replies are JSON for the command-line tool, never seen by users.
 */
export function opsRoutes(opsKey: string | undefined): Hono<Env> {
  const router = new Hono<Env>();
  router.use("*", async (c, next) => {
    if (!opsKey) return c.json({ ok: false, message: "not found" }, 404);
    const client = visitor(c);
    if (await opsDoorThrottled(c.var.ctx, client))
      return c.json({ ok: false, message: OPS_THROTTLED_MESSAGE }, 429, {
        "Retry-After": String(OPS_KEY_WINDOW_MS / 1000),
      });
    if (!keyMatches(c.req.header("authorization"), opsKey)) {
      await recordWrongOpsKey(c.var.ctx, client);
      return c.json({ ok: false, message: "operator key missing or wrong" }, 401);
    }
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
