import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOUR, startTestPlatform, uniqueIp, type TestPlatform } from "../../../tests/support/platform";
import { addStaff, staffLogin, staffPost } from "../../../tests/support/staff";
import { staffAccounts, staffSessions } from "../../db/staff-schema";
import { opsAudit } from "../../db/wallet-schema";
import { STAFF_SESSION_ABSOLUTE_MS, STAFF_SESSION_IDLE_MS } from "../../modules/staff/sessions";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

describe("staff accounts (ops staff add / staff disable)", () => {
  it("creates an account with an argon2id hash, audited without the password", async () => {
    const staff = await addStaff(t, "lead", "组长李雷");
    const [row] = await t.db.select().from(staffAccounts).where(eq(staffAccounts.login, staff.login));
    expect(row).toMatchObject({ displayName: "组长李雷", role: "lead", disabledAt: null });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const audits = await t.db
      .select()
      .from(opsAudit)
      .where(eq(opsAudit.target, `staff:${staff.login}`));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ command: "staff add", before: null });
    expect(JSON.stringify(audits[0])).not.toContain(staff.password);
  });

  it("refuses a login name that exists, a bad role and a short password, creating nothing", async () => {
    const staff = await addStaff(t);
    const again = await t.ops("staff add", {
      login: staff.login,
      name: "另一人",
      role: "agent",
      password: "Another-pass1",
    });
    expect(again.http).toBe(409);
    expect(again.body).toMatchObject({ ok: false, field: "login", message: "该登录名已存在" });
    const role = await t.ops("staff add", {
      login: "someone.new",
      name: "某人",
      role: "boss",
      password: "Another-pass1",
    });
    expect(role.body).toMatchObject({ ok: false, error: "bad_arguments" });
    const short = await t.ops("staff add", { login: "someone.new", name: "某人", role: "agent", password: "short" });
    expect(short.body).toMatchObject({ ok: false, field: "password" });
    expect(await t.db.select().from(staffAccounts).where(eq(staffAccounts.login, "someone.new"))).toHaveLength(0);
  });

  it("disabling an account ends its sessions and stops its logins", async () => {
    const staff = await addStaff(t);
    const token = await staffLogin(t, staff);
    const disabled = await t.ops("staff disable", { login: staff.login });
    expect(disabled.http).toBe(200);
    expect((await staffPost(t, "/me", token)).body.status).toBe(2);
    const login = await staffPost(t, "/login", null, { login: staff.login, password: staff.password });
    expect(login.body).toMatchObject({ status: 1, key: "LOGIN_FAILED" });
    expect((await t.ops("staff disable", { login: "nobody.here" })).body).toMatchObject({
      ok: false,
      error: "NOT_FOUND",
    });
  });
});

describe("staff sessions", () => {
  it("a staff token names the staff member; only its hash is stored", async () => {
    const staff = await addStaff(t, "agent", "客服韩梅梅");
    const token = await staffLogin(t, staff);
    const me = await staffPost(t, "/me", token);
    expect(me.body).toMatchObject({
      status: 0,
      data: { login: staff.login, display_name: "客服韩梅梅", role: "agent" },
    });
    const stored = await t.db.select({ hash: staffSessions.tokenHash }).from(staffSessions);
    expect(stored.some((s) => s.hash === token)).toBe(false);
  });

  it("a user token never works as staff, and a staff token never as a user", async () => {
    const user = await t.registerUser();
    expect((await staffPost(t, "/me", user.token)).body).toMatchObject({ status: 2, key: "SESSION_INVALID" });
    expect((await staffPost(t, "/me", null, { session: user.token })).body.status).toBe(2);
    const staffToken = await staffLogin(t, await addStaff(t));
    expect((await t.post("/get_user_info", { session: staffToken })).body.status).toBe(2);
  });

  it("a wrong password is refused like an unknown login, and a CAPTCHA follows repeated failures", async () => {
    const staff = await addStaff(t);
    const headers = { "x-client-address": uniqueIp() };
    const unknown = await staffPost(t, "/login", null, { login: "no.such.staff", password: "x" }, headers);
    expect(unknown.body).toMatchObject({ status: 1, key: "LOGIN_FAILED", reason: "登录名或密码错误" });
    for (let i = 0; i < 3; i++) {
      const wrong = await staffPost(t, "/login", null, { login: staff.login, password: "wrong-password" }, headers);
      expect(wrong.body).toMatchObject({
        key: "LOGIN_FAILED",
        reason: "登录名或密码错误",
        data: { field: "password" },
      });
    }
    const asked = await staffPost(t, "/login", null, { login: staff.login, password: staff.password }, headers);
    expect(asked.body).toMatchObject({ status: 1, key: "CAPTCHA_REQUIRED" });
    const passed = await staffPost(
      t,
      "/login",
      null,
      { login: staff.login, password: staff.password, ...(await t.captchaByCode()) },
      headers,
    );
    expect(passed.body.status).toBe(0);
  });

  it("refuses bad login bodies with the field named", async () => {
    expect((await staffPost(t, "/login", null, { password: "x" })).body).toMatchObject({
      status: 1,
      key: "BAD_REQUEST",
      data: { field: "login" },
    });
    expect((await staffPost(t, "/login", null, { login: "a", password: "x".repeat(200) })).body).toMatchObject({
      key: "BAD_REQUEST",
      data: { field: "password" },
    });
    expect((await staffPost(t, "/me", "not-a-token")).body.status).toBe(2);
    expect((await staffPost(t, "/no-such-call", null)).http).toBe(404);
  });

  it("expires after the idle limit and ends at logout", async () => {
    const staff = await addStaff(t);
    const idle = await staffLogin(t, staff);
    t.clock.advance(STAFF_SESSION_IDLE_MS + 1000);
    expect((await staffPost(t, "/me", idle)).body).toMatchObject({ status: 2, key: "SESSION_EXPIRED" });
    const token = await staffLogin(t, staff);
    t.clock.advance(HOUR);
    expect((await staffPost(t, "/me", token)).body.status).toBe(0);
    expect((await staffPost(t, "/logout", token)).body.status).toBe(0);
    expect((await staffPost(t, "/me", token)).body).toMatchObject({ status: 2, key: "SESSION_INVALID" });
  });

  it("ends at the absolute limit even when used all along", async () => {
    const token = await staffLogin(t, await addStaff(t));
    const step = STAFF_SESSION_IDLE_MS - HOUR;
    let used = 0;
    while (used + step < STAFF_SESSION_ABSOLUTE_MS) {
      t.clock.advance(step);
      used += step;
      expect((await staffPost(t, "/me", token)).body.status).toBe(0);
    }
    t.clock.advance(STAFF_SESSION_ABSOLUTE_MS - used);
    expect((await staffPost(t, "/me", token)).body).toMatchObject({ status: 2, key: "SESSION_EXPIRED" });
  });
});
