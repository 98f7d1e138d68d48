/**
 * Setting the notice email sends a confirmation link to the new address through ctx.providers.email:
 * the sandbox outbox (read at /sandbox/email and /sandbox/email.json), or SMTP. A mail server
 * that fails leaves the setting saved and the reply a success; the reply says what became of
 * the confirmation, and an account gets at most a few a day. The address counts as confirmed
 * only once the link's token is posted to /confirm_notice_email (decision 059, addendum).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutboxEmailProvider } from "../providers/email/outbox";
import { SmtpEmailProvider } from "../providers/email/smtp";
import { NOTICE_EMAIL_CONFIRMATIONS_PER_DAY } from "../modules/accounts/notice-email-confirmation";
import { DAY, HOUR, MINUTE, startTestPlatform, type TestPlatform } from "../../tests/support/platform";

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

/** The token of the newest confirmation link sent to an address. */
const linkToken = async (to: string) => {
  const [newest] = await outbox(to);
  const match = /\/confirmNoticeEmail\?token=([A-Za-z0-9_-]{43})$/m.exec(newest?.body ?? "");
  expect(match, `a confirmation link in the email to ${to}`).not.toBeNull();
  return match![1]!;
};

const confirmedState = async (phone: string) => {
  const row = await t.userByPhone(phone);
  return { email: row?.noticeEmail, confirmed: row?.noticeEmailConfirmedAt != null };
};

describe("notice email confirmation", () => {
  it("sends a Chinese confirmation to the new address, readable on the sandbox pages", async () => {
    const user = await t.registerUser();
    const reply = await t.post("/change_notice_email", { session: user.token, email: " New.Box@Example.com " });
    expect(reply.body).toMatchObject({ status: 0, data: { email: "new.box@example.com", confirmation: "sent" } });
    const mails = await outbox("new.box@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "new.box@example.com", subject: "【算力云】请验证通知邮箱" });
    expect(mails[0]!.body).toContain(`${user.phone.slice(0, 3)}****${user.phone.slice(-4)} 将本邮箱设为通知邮箱`);
    expect(mails[0]!.body).not.toContain(user.phone);
    expect(mails[0]!.body).toContain(`${t.ctx.site.publicUrl}/confirmNoticeEmail?token=`);
    const page = await t.request("/sandbox/email");
    expect(page.http).toBe(200);
    expect(page.body).toContain("沙箱邮件发件箱");
    expect(page.body).toContain("new.box@example.com");
    expect(page.body).toContain("【算力云】请验证通知邮箱");
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

describe("confirming the notice email by its link", () => {
  it("a new address is unconfirmed until the link's token is posted; posting it again answers already", async () => {
    const user = await t.registerUser();
    await t.post("/change_notice_email", { session: user.token, email: "mine@example.com" });
    expect(await confirmedState(user.phone)).toEqual({ email: "mine@example.com", confirmed: false });
    const info = await t.post("/get_user_info", { session: user.token });
    expect(info.body.data).toMatchObject({ NoticeEmail: "mine@example.com", NoticeEmailConfirmed: false });
    const token = await linkToken("mine@example.com");
    // Signed out: the token is the proof.
    const confirmed = await t.post("/confirm_notice_email", { token });
    expect(confirmed.body).toMatchObject({ status: 0, data: { email: "mine@example.com", already: false } });
    expect(await confirmedState(user.phone)).toEqual({ email: "mine@example.com", confirmed: true });
    expect((await t.post("/get_user_info", { session: user.token })).body.data.NoticeEmailConfirmed).toBe(true);
    const again = await t.post("/confirm_notice_email", { token });
    expect(again.body).toMatchObject({ status: 0, data: { email: "mine@example.com", already: true } });
  });

  it("refuses an unknown or malformed token, naming the field, and confirms nothing", async () => {
    const user = await t.registerUser();
    await t.post("/change_notice_email", { session: user.token, email: "wrong@example.com" });
    const token = await linkToken("wrong@example.com");
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [flipped, "short", `${token}x`]) {
      const reply = await t.post("/confirm_notice_email", { token: bad });
      expect(reply.body, bad).toMatchObject({ status: 1, key: "NOTICE_EMAIL_TOKEN_INVALID", data: { field: "token" } });
      expect(reply.body.reason).toContain("验证链接无效");
    }
    expect(await confirmedState(user.phone)).toEqual({ email: "wrong@example.com", confirmed: false });
  });

  it("refuses an expired link (24 h) with its reason; a new link sent again works", async () => {
    const user = await t.registerUser();
    await t.post("/change_notice_email", { session: user.token, email: "late@example.com" });
    const token = await linkToken("late@example.com");
    t.clock.advance(24 * HOUR + MINUTE);
    const reply = await t.post("/confirm_notice_email", { token });
    expect(reply.body).toMatchObject({ status: 1, key: "NOTICE_EMAIL_TOKEN_EXPIRED", data: { field: "token" } });
    expect(reply.body.reason).toContain("验证链接已过期");
    expect(await confirmedState(user.phone)).toEqual({ email: "late@example.com", confirmed: false });
    const resent = await t.post("/resend_notice_email_confirmation", { session: user.token });
    expect(resent.body).toMatchObject({ status: 0, data: { email: "late@example.com", confirmation: "sent" } });
    const fresh = await linkToken("late@example.com");
    expect(fresh).not.toBe(token);
    // The resent link replaces the old one.
    expect((await t.post("/confirm_notice_email", { token })).body.key).toBe("NOTICE_EMAIL_TOKEN_INVALID");
    expect((await t.post("/confirm_notice_email", { token: fresh })).body).toMatchObject({ status: 0 });
    expect(await confirmedState(user.phone)).toEqual({ email: "late@example.com", confirmed: true });
    // Confirmed: asking again sends nothing.
    const after = await t.post("/resend_notice_email_confirmation", { session: user.token });
    expect(after.body.data.confirmation).toBe("unchanged");
    expect(await outbox("late@example.com")).toHaveLength(2);
  });

  it("changing the address resets the confirmation, and the old address's link no longer works", async () => {
    const user = await t.registerUser();
    await t.post("/change_notice_email", { session: user.token, email: "old@example.com" });
    const oldToken = await linkToken("old@example.com");
    await t.post("/confirm_notice_email", { token: oldToken });
    expect(await confirmedState(user.phone)).toEqual({ email: "old@example.com", confirmed: true });
    await t.post("/change_notice_email", { session: user.token, email: "new@example.com" });
    expect(await confirmedState(user.phone)).toEqual({ email: "new@example.com", confirmed: false });
    expect((await t.post("/confirm_notice_email", { token: oldToken })).body.key).toBe("NOTICE_EMAIL_TOKEN_INVALID");
    expect(await confirmedState(user.phone)).toEqual({ email: "new@example.com", confirmed: false });
    // Saving the same address again keeps its state.
    await t.post("/confirm_notice_email", { token: await linkToken("new@example.com") });
    await t.post("/change_notice_email", { session: user.token, email: "NEW@example.com" });
    expect(await confirmedState(user.phone)).toEqual({ email: "new@example.com", confirmed: true });
  });

  it("stores only a hash of the token", async () => {
    const user = await t.registerUser();
    await t.post("/change_notice_email", { session: user.token, email: "hash@example.com" });
    const token = await linkToken("hash@example.com");
    const row = await t.userByPhone(user.phone);
    expect(row?.noticeEmailTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("resending needs a notice email and counts against the daily limit", async () => {
    const user = await t.registerUser();
    const none = await t.post("/resend_notice_email_confirmation", { session: user.token });
    expect(none.body).toMatchObject({ status: 1, key: "NOTICE_EMAIL_NOT_SET" });
    await t.post("/change_notice_email", { session: user.token, email: `r.${user.phone}@example.com` });
    for (let n = 2; n <= NOTICE_EMAIL_CONFIRMATIONS_PER_DAY; n++)
      expect((await t.post("/resend_notice_email_confirmation", { session: user.token })).body.data.confirmation).toBe(
        "sent",
      );
    const over = await t.post("/resend_notice_email_confirmation", { session: user.token });
    expect(over.body.data.confirmation).toBe("limited");
    expect(await outbox(`r.${user.phone}@example.com`)).toHaveLength(NOTICE_EMAIL_CONFIRMATIONS_PER_DAY);
  });
});
