/** /register and /company_register. */
import { randomInt } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, notifications, users } from "../db/schema";
import { withCreditCodeCheck } from "../rules/validation";
import { startTestPlatform, uniquePhone, MINUTE, type Fields, type TestPlatform } from "../../tests/support/platform";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

async function register(fields: Fields & { phone: string }) {
  const code = await t.sendCode(fields.phone, "register");
  return t.post("/register", { code, password: "Passw0rd123", agree: "1", ...fields });
}

const openUsers = (phone: string) =>
  t.db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.closedAt)));

describe("/register", () => {
  it("creates the account, logs it in and keeps only an argon2id hash of the password", async () => {
    const phone = uniquePhone();
    const reply = await register({ phone });
    expect(reply.http).toBe(200);
    expect(reply.body).toMatchObject({ status: 0, reason: "" });
    expect(reply.body.data.token).toMatch(TOKEN);

    const info = await t.post("/get_user_info", { session: reply.body.data.token });
    expect(info.body.status).toBe(0);
    expect(info.body.data).toMatchObject({ Phone: phone, AccountType: "personal", Name: `用户${phone.slice(-4)}` });

    const [user] = await openUsers(phone);
    expect(user.kind).toBe("personal");
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain("Passw0rd123");
    expect(await t.db.select().from(messages).where(eq(messages.userId, user.id))).toHaveLength(1);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(1);
  });

  it("refuses a wrong code", async () => {
    const phone = uniquePhone();
    const code = await t.sendCode(phone);
    const reply = await t.post("/register", {
      phone,
      code: code === "000000" ? "000001" : "000000",
      password: "Passw0rd123",
      agree: "1",
    });
    expect(reply.body).toMatchObject({ status: 1, reason: "验证码错误或已过期", data: { field: "code" } });
    expect(await openUsers(phone)).toHaveLength(0);
  });

  it("refuses a weak password", async () => {
    for (const password of ["abc123", "abcdefgh", "12345678", "abcd 12345", `a1${"x".repeat(31)}`]) {
      const phone = uniquePhone();
      const reply = await register({ phone, password });
      expect(reply.body, password).toMatchObject({
        status: 1,
        reason: "密码需为8-32位，且同时包含字母和数字",
        data: { field: "password" },
      });
      expect(await openUsers(phone)).toHaveLength(0);
    }
  });

  it("refuses without the agreement", async () => {
    for (const agree of [undefined, "0", "no"]) {
      const phone = uniquePhone();
      const reply = await register({ phone, agree });
      expect(reply.body, String(agree)).toMatchObject({
        status: 1,
        reason: "请阅读并同意相关协议",
        data: { field: "agree" },
      });
      expect(await openUsers(phone)).toHaveLength(0);
    }
  });

  it("refuses a phone that already has an account", async () => {
    const user = await t.registerUser();
    t.clock.advance(MINUTE + 1000);
    const reply = await register({ phone: user.phone, password: "Another1pass" });
    expect(reply.body).toMatchObject({ status: 1, reason: "该手机号已注册，请直接登录", data: { field: "phone" } });
    expect(await openUsers(user.phone)).toHaveLength(1);
    expect(await t.login(user.phone, user.password)).toMatch(TOKEN);
  });

  it("records the event channel ('sy' from the top bar, else 'dl') and bd_vid", async () => {
    const sy = uniquePhone();
    expect((await register({ phone: sy, event_channel: "sy", bd_vid: "bd.Vid_123-x" })).body.status).toBe(0);
    const dl = uniquePhone();
    expect((await register({ phone: dl })).body.status).toBe(0);
    const other = uniquePhone();
    expect((await register({ phone: other, event_channel: "other" })).body.status).toBe(0);

    expect((await openUsers(sy))[0]).toMatchObject({ eventChannel: "sy", bdVid: "bd.Vid_123-x" });
    expect((await openUsers(dl))[0]).toMatchObject({ eventChannel: "dl", bdVid: null });
    expect((await openUsers(other))[0]).toMatchObject({ eventChannel: "dl" });
  });

  it("refuses a malformed bd_vid", async () => {
    const reply = await t.post("/register", {
      phone: uniquePhone(),
      code: "123456",
      password: "Passw0rd123",
      agree: "1",
      bd_vid: "<script>",
    });
    expect(reply.body).toMatchObject({ status: 1, reason: "bd_vid格式不正确", data: { field: "bd_vid" } });
  });

  it("two registrations of one phone at once make exactly one account", async () => {
    const phone = uniquePhone();
    const code = await t.sendCode(phone);
    const replies = await Promise.all(
      ["Passw0rd111", "Passw0rd222", "Passw0rd333", "Passw0rd444"].map((password) =>
        t.post("/register", { phone, code, password, agree: "1" }),
      ),
    );
    const winners = replies.filter((r) => r.body.status === 0);
    expect(winners).toHaveLength(1);
    for (const r of replies.filter((x) => x.body.status !== 0)) {
      expect(r.http).toBe(200);
      expect(r.body.status).toBe(1);
      expect(["验证码错误或已过期", "该手机号已注册，请直接登录"]).toContain(r.body.reason);
    }
    expect(await openUsers(phone)).toHaveLength(1);
  });
});

describe("/company_register", () => {
  const validCode = () => withCreditCodeCheck(`91110108MA01${String(randomInt(0, 100_000)).padStart(5, "0")}`);

  async function companyRegister(fields: Fields & { phone: string }, code?: string) {
    const sms = code ?? (await t.sendCode(fields.phone, "company_register"));
    return t.post("/company_register", {
      code: sms,
      password: "Passw0rd123",
      agree: "1",
      company_name: "北京测试科技有限公司",
      contact_name: "张三",
      ...fields,
    });
  }

  it("creates an enterprise account with a valid credit code", async () => {
    const phone = uniquePhone();
    const creditCode = validCode();
    const reply = await companyRegister({ phone, credit_code: creditCode.toLowerCase(), event_channel: "sy" });
    expect(reply.body).toMatchObject({ status: 0, reason: "" });
    expect(reply.body.data.token).toMatch(TOKEN);

    const [user] = await openUsers(phone);
    expect(user).toMatchObject({
      kind: "enterprise",
      companyName: "北京测试科技有限公司",
      creditCode,
      contactName: "张三",
      nickname: "北京测试科技有限公司",
      eventChannel: "sy",
    });
    const info = await t.post("/get_user_info", { session: reply.body.data.token });
    expect(info.body.data).toMatchObject({
      AccountType: "enterprise",
      CompanyName: "北京测试科技有限公司",
      Phone: phone,
    });
  });

  it("refuses an invalid credit code without using up the SMS code", async () => {
    const phone = uniquePhone();
    const good = validCode();
    const bad = good.slice(0, 17) + (good[17] === "0" ? "1" : "0");
    const sms = await t.sendCode(phone, "company_register");
    for (const credit_code of [bad, good.slice(0, 17), "ABCDEFGHIJKLMNOPQR"]) {
      const reply = await companyRegister({ phone, credit_code }, sms);
      expect(reply.body, credit_code).toMatchObject({
        status: 1,
        reason: "统一社会信用代码不正确",
        data: { field: "creditCode" },
      });
    }
    expect(await openUsers(phone)).toHaveLength(0);
    expect((await companyRegister({ phone, credit_code: good }, sms)).body.status).toBe(0);
  });

  it("checks the company and contact names", async () => {
    const phone = uniquePhone();
    const sms = await t.sendCode(phone, "company_register");
    const shortCompany = await companyRegister({ phone, credit_code: validCode(), company_name: "A" }, sms);
    expect(shortCompany.body).toMatchObject({ status: 1, reason: "请输入2-60个字的企业名称" });
    const shortContact = await companyRegister({ phone, credit_code: validCode(), contact_name: "张" }, sms);
    expect(shortContact.body).toMatchObject({ status: 1, reason: "请输入2-20个字的联系人姓名" });
    expect(await openUsers(phone)).toHaveLength(0);
  });

  it("needs a company_register code, not a personal one", async () => {
    const phone = uniquePhone();
    const personalCode = await t.sendCode(phone, "register");
    const reply = await companyRegister({ phone, credit_code: validCode() }, personalCode);
    expect(reply.body).toMatchObject({ status: 1, reason: "验证码错误或已过期" });
    expect(await openUsers(phone)).toHaveLength(0);
  });
});
