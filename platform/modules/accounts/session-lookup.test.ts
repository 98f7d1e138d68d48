/**
 * Session lookups that arrive together go as one statement (decision 054):
 * each request still gets its own session's answer. Forty lookups at once,
 * of live, expired, idle, revoked, unknown and sub-account sessions, with and
 * without the unread counts, answer exactly what each answers alone. Runs on
 * PGlite and on PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { accountWithSession } from "../../../tests/support/coupon-fixtures";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { resolveSessionWithAccount, SESSION_IDLE_MS } from "./sessions";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const visitor = { origin: { ip: null } };

/** What one lookup comes to: the caller it names, or the refusal's key. */
async function answerOf(token: string, withUnread: boolean): Promise<string> {
  let answer = "";
  const outcome = await outcomeOf(
    resolveSessionWithAccount(t.ctx, visitor, { token, withUnread }).then((live) => {
      answer = `user ${live.caller.userId} sub ${live.caller.subAccountId ?? "-"} unread ${live.unread.notifications}`;
    }),
  );
  return outcome === "ok" ? answer : outcome;
}

describe("session lookups at once", () => {
  it("answer each token as it is answered alone", async () => {
    const live = await Promise.all([1, 2, 3].map(() => accountWithSession(t)));
    const sub = await accountWithSession(t, { subAccount: true });
    const expired = await accountWithSession(t, { expiresInMs: -1 });
    const idle = await accountWithSession(t, { lastSeenAgoMs: SESSION_IDLE_MS + 1 });
    const revoked = await accountWithSession(t);
    await t.db.update(sessions).set({ revokedAt: t.clock.now() }).where(eq(sessions.id, revoked.sessionId));
    const unknown = randomBytes(32).toString("base64url");
    const tokens = [...live, sub, expired, idle, revoked].map((s) => s.token).concat(unknown, "not-a-token");

    const asked = Array.from({ length: 40 }, (_, i) => ({
      token: tokens[(i * 7) % tokens.length]!,
      withUnread: i % 3 === 0,
    }));
    const alone: string[] = [];
    for (const ask of asked) alone.push(await answerOf(ask.token, ask.withUnread));
    const together = await Promise.all(asked.map((ask) => answerOf(ask.token, ask.withUnread)));

    expect(together).toEqual(alone);
    expect(new Set(alone)).toEqual(
      new Set([
        ...live.map((s) => `user ${s.userId} sub - unread 0`),
        expect.stringMatching(new RegExp(`^user ${sub.userId} sub \\d+ unread 0$`)),
        "SESSION_EXPIRED",
        "SESSION_INVALID",
      ]),
    );
    expect(alone.filter((a) => a === "SESSION_EXPIRED")).toHaveLength(
      asked.filter((a) => [expired.token, idle.token].includes(a.token)).length,
    );
  });
});
