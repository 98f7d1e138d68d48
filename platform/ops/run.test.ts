import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startTestPlatform, TEST_OPS_KEY, type TestPlatform } from "../../tests/support/platform";
import { users } from "../db/schema";
import { opsAudit } from "../db/wallet-schema";
import { fail } from "../modules/errors";
import { opsCommand, type OpsCommand } from "./command";
import { findAccountByPhone } from "./accounts";
import { runOpsCommand } from "./run";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

/** A command that renames an account, then fails when asked to: the rename and the audit must roll back together. */
const rename: OpsCommand = opsCommand({
  name: "test rename",
  summary: "renames an account",
  args: z.object({ user: z.string(), nickname: z.string().min(1), fail: z.enum(["0", "1"]).default("0") }),
  async run(ctx, _actor, args) {
    const account = await findAccountByPhone(ctx, args.user);
    const [before] = await ctx.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, account.id));
    await ctx.db.update(users).set({ nickname: args.nickname }).where(eq(users.id, account.id));
    if (args.fail === "1") fail("BAD_REQUEST", "nickname");
    return { target: `user:${args.user}`, before, after: { nickname: args.nickname }, message: "renamed" };
  },
});

describe("operator commands", () => {
  it("runs a command and audits who did what, before and after, in its transaction", async () => {
    const user = await t.registerUser();
    const result = await runOpsCommand(
      t.ctx,
      { command: "test rename", args: { user: user.phone, nickname: "新名字" }, actor: "alice" },
      [rename],
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [audit] = await t.db.select().from(opsAudit).where(eq(opsAudit.id, result.auditId));
    expect(audit).toMatchObject({
      actor: "alice",
      command: "test rename",
      target: `user:${user.phone}`,
      after: { nickname: "新名字" },
    });
    expect((audit!.before as { nickname: string }).nickname).not.toBe("新名字");
    expect((await t.userByPhone(user.phone))?.nickname).toBe("新名字");
  });

  it("rolls the action and its audit back together when the command fails", async () => {
    const user = await t.registerUser();
    const auditsBefore = (await t.db.select().from(opsAudit)).length;
    await expect(
      runOpsCommand(
        t.ctx,
        { command: "test rename", args: { user: user.phone, nickname: "不该留下", fail: "1" }, actor: "bob" },
        [rename],
      ),
    ).rejects.toMatchObject({ key: "BAD_REQUEST" });
    expect((await t.userByPhone(user.phone))?.nickname).not.toBe("不该留下");
    expect((await t.db.select().from(opsAudit)).length).toBe(auditsBefore);
  });

  it("refuses an unknown command and bad arguments without running anything", async () => {
    expect(await runOpsCommand(t.ctx, { command: "nope", args: {}, actor: "a" }, [rename])).toMatchObject({
      ok: false,
      error: "unknown_command",
    });
    expect(
      await runOpsCommand(t.ctx, { command: "test rename", args: { user: "1" }, actor: "a" }, [rename]),
    ).toMatchObject({
      ok: false,
      error: "bad_arguments",
    });
  });
});

describe("the /ops door", () => {
  it("answers only with the operator key", async () => {
    expect((await t.request("/ops/commands")).http).toBe(401);
    expect((await t.request("/ops/commands", { headers: { authorization: "Bearer wrong-key" } })).http).toBe(401);
    const listed = await t.request("/ops/commands", { headers: { authorization: `Bearer ${TEST_OPS_KEY}` } });
    expect(listed.http).toBe(200);
    expect(listed.body).toMatchObject({ ok: true });
  });

  it("refuses a malformed body and an unknown command with a readable message", async () => {
    const malformed = await t.request("/ops/run", {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_OPS_KEY}`, "content-type": "application/json" },
      body: "{",
    });
    expect(malformed.http).toBe(400);
    const unknown = await t.ops("no such command");
    expect(unknown.http).toBe(400);
    expect(unknown.body).toMatchObject({ ok: false, error: "unknown_command" });
  });
});
