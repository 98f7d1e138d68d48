/** Session tokens: forged, logged out, idle (7 days) and absolute (30 days) expiry. */
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { startTestPlatform, DAY, MINUTE, type TestPlatform } from "../../tests/support/platform";

const EXPIRED = { status: 2, reason: "登录已过期，请重新登录" };
const DEAD = { status: 2, reason: "登录已失效，请重新登录" };

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const userInfo = (session: string) => t.post("/get_user_info", { session });

describe("tokens", () => {
  it("a forged token of the right shape is refused with status 2", async () => {
    const forged = randomBytes(32).toString("base64url");
    for (const path of ["/get_user_info", "/get_user_vip_info", "/notifications/get_list", "/logout"]) {
      const reply = await t.post(path, { session: forged });
      expect(reply.http, path).toBe(200);
      expect(reply.body, path).toMatchObject(DEAD);
    }
  });

  it("the database keeps only the token's SHA-256", async () => {
    const user = await t.registerUser();
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(createHash("sha256").update(user.token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(user.token);
  });

  it("after /logout the token is dead; the user's other sessions live on", async () => {
    const user = await t.registerUser();
    const other = await t.login(user.phone, user.password);
    expect((await t.post("/logout", { session: user.token })).body).toMatchObject({ status: 0 });
    expect((await userInfo(user.token)).body).toMatchObject(DEAD);
    expect((await t.post("/logout", { session: user.token })).body).toMatchObject(DEAD);
    expect((await userInfo(other)).body.status).toBe(0);
  });
});

describe("expiry", () => {
  it("a session unused for 7 days expires", async () => {
    const user = await t.registerUser();
    t.clock.advance(7 * DAY - MINUTE);
    expect((await userInfo(user.token)).body.status).toBe(0);

    const idle = await t.login(user.phone, user.password);
    t.clock.advance(7 * DAY);
    expect((await userInfo(idle)).body).toMatchObject(EXPIRED);
    // The first token, last used exactly 7 days ago, is dead as well.
    expect((await userInfo(user.token)).body).toMatchObject(EXPIRED);
  });

  it("use keeps a session alive past 7 days", async () => {
    const user = await t.registerUser();
    for (let day = 6; day <= 24; day += 6) {
      t.clock.advance(6 * DAY);
      expect((await userInfo(user.token)).body.status, `day ${day}`).toBe(0);
    }
  });

  it("a session in use ends 30 days after login", async () => {
    const user = await t.registerUser();
    for (let i = 0; i < 4; i++) {
      t.clock.advance(7 * DAY - 10 * MINUTE);
      expect((await userInfo(user.token)).body.status, `week ${i + 1}`).toBe(0);
    }
    // 28 days less 40 minutes have passed.
    t.clock.advance(2 * DAY + 30 * MINUTE);
    expect((await userInfo(user.token)).body.status).toBe(0);
    t.clock.advance(10 * MINUTE);
    expect((await userInfo(user.token)).body).toMatchObject(EXPIRED);
    // A new login starts a new 30 days.
    expect((await userInfo(await t.login(user.phone, user.password))).body.status).toBe(0);
  });
});
