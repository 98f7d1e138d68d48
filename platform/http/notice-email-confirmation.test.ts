/**
 * Setting the notice email sends a confirmation to the new address through ctx.providers.email:
 * the sandbox outbox (read at /sandbox/email and /sandbox/email.json), or SMTP. A mail server
 * that fails leaves the setting saved and the reply a success; the reply says what became of
 * the confirmation, and an account gets at most a few a day.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutboxEmailProvider } from "../providers/email/outbox";
import { SmtpEmailProvider } from "../providers/email/smtp";
import { NOTICE_EMAIL_CONFIRMATIONS_PER_DAY } from "../modules/accounts/profile";
import { DAY, MINUTE, startTestPlatform, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const outbox = async (to: string) => {
  const reply = await t.request(`/sandbox/email.json?to=${encodeURIComponent(to)}`);
  expect(reply.http).toBe(200);
  return reply.body as { to: string; subject: string; body: string; sentAt: string }[];
};

describe("notice email confirmation", () => {
  it("sends a Chinese confirmation to the new address, readable on the sandbox pages", async () => {
    const user = await t.registerUser();
    const reply = await t.post("/change_notice_email", { session: user.token, email: " New.Box@Example.com " });
    expect(reply.body).toMatchObject({ status: 0, data: { email: "new.box@example.com", confirmation: "sent" } });
    const mails = await outbox("new.box@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "new.box@example.com", subject: "【算力云】通知邮箱设置成功" });
    expect(mails[0]!.body).toContain(`${user.phone.slice(0, 3)}****${user.phone.slice(-4)} 已将本邮箱设为通知邮箱`);
    expect(mails[0]!.body).not.toContain(user.phone);
    const page = await t.request("/sandbox/email");
    expect(page.http).toBe(200);
    expect(page.body).toContain("沙箱邮件发件箱");
    expect(page.body).toContain("new.box@example.com");
    expect(page.body).toContain("【算力云】通知邮箱设置成功");
  });

  it("sends nothing when the address does not change, and one to each new address", async () => {
    const user = await t.registerUser();
    await t.post("/change_notice_email", { session: user.token, email: "same@example.com" });
    const again = await t.post("/change_notice_email", { session: user.token, email: "SAME@example.com" });
    expect(again.body.data).toEqual({ email: "same@example.com", confirmation: "unchanged" });
    expect(await outbox("same@example.com")).toHaveLength(1);
    await t.post("/change_notice_email", { session: user.token, email: "next@example.com" });
    expect(await outbox("next@example.com")).toHaveLength(1);
  });

  it("sends nothing for a refused address", async () => {
    const user = await t.registerUser();
    const reply = await t.post("/change_notice_email", { session: user.token, email: "bad@@example.com" });
    expect(reply.body).toMatchObject({ status: 1, reason: "邮箱格式不正确" });
    expect((await t.request("/sandbox/email.json?to=bad%40%40example.com")).http).toBe(400);
  });

  it("keeps the setting and answers success when the mail server cannot be reached", async () => {
    const user = await t.registerUser();
    const sandbox = t.ctx.providers.email;
    t.ctx.providers.email = new SmtpEmailProvider("smtp://u:p@127.0.0.1:9", "noreply@gpu.example", () => {});
    try {
      const reply = await t.post("/change_notice_email", { session: user.token, email: "down@example.com" });
      expect(reply.http).toBe(200);
      expect(reply.body).toMatchObject({ status: 0, data: { email: "down@example.com", confirmation: "failed" } });
      expect((await t.userByPhone(user.phone))?.noticeEmail).toBe("down@example.com");
    } finally {
      t.ctx.providers.email = sandbox;
    }
    expect(await outbox("down@example.com")).toEqual([]);
  });

  it(`sends at most ${NOTICE_EMAIL_CONFIRMATIONS_PER_DAY} confirmations a day per account, still saving the address`, async () => {
    const user = await t.registerUser();
    const change = (n: number) =>
      t.post("/change_notice_email", { session: user.token, email: `spam${n}.${user.phone}@example.com` });
    for (let n = 1; n <= NOTICE_EMAIL_CONFIRMATIONS_PER_DAY; n++)
      expect((await change(n)).body.data.confirmation, `change ${n}`).toBe("sent");
    const over = NOTICE_EMAIL_CONFIRMATIONS_PER_DAY + 1;
    expect((await change(over)).body).toMatchObject({ status: 0, data: { confirmation: "limited" } });
    expect((await t.userByPhone(user.phone))?.noticeEmail).toBe(`spam${over}.${user.phone}@example.com`);
    expect(await outbox(`spam${over}.${user.phone}@example.com`)).toEqual([]);
    // Another account is not affected; the next day this one may send again.
    const other = await t.registerUser();
    const otherReply = await t.post("/change_notice_email", {
      session: other.token,
      email: `x.${other.phone}@example.com`,
    });
    expect(otherReply.body.data.confirmation).toBe("sent");
    t.clock.advance(DAY + MINUTE);
    expect((await change(over + 1)).body.data.confirmation).toBe("sent");
  });

  it("the sandbox outbox provider logs one line without the body", async () => {
    const lines: string[] = [];
    await new OutboxEmailProvider(t.db, (l) => lines.push(l)).send({
      to: "log@example.com",
      subject: "主题",
      text: "正文里的秘密",
    });
    expect(lines).toEqual(["[email:sandbox] to=log@example.com subject=主题"]);
  });
});
