/**
 * Student verification (issue 37 §1, decision 101) through its /third-party calls: a verified person first; the
 * details' checks beside their fields; a school mailbox only (`*.edu.cn`); the code by email through the delivery
 * outbox (wrong, expired, right); a student card → a pending entry for the desk; the student coupon claimable once
 * verified; expiry at graduation with verified_as falling back (the bounded job); sub-accounts refused.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { studentDetails, studentMailboxCodes } from "../../db/student-schema";
import { verificationEntries, verificationFiles } from "../../db/verification-schema";
import { readEmailOutbox } from "../../providers/email/outbox";
import { MINUTE, startTestPlatform, type RegisteredUser, type TestPlatform } from "../../../tests/support/platform";
import { insertPendingEntry, newIdNumber } from "../../../tests/support/verification-rows";
import { openCouponGroup } from "../../../tests/support/coupon-fixtures";
import { pngImage } from "../../../tests/support/upload-fixtures";
import { claimCoupon } from "../coupons/claim";
import { visibleGroups } from "../coupons/groups";
import { deliverMessages } from "../../jobs/deliver-messages";
import { createSubAccount } from "../accounts/sub-accounts";
import { storeVerificationFile } from "./files";
import { expireStudentEntries, sendStudentMailboxCode } from "./student";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-11-28T04:00:00Z") });
});
afterAll(() => t.close());

const call = (user: RegisteredUser | { token: string }, path: string, body: object) =>
  t.request(`/third-party/api/v1/verification/student/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${user.token}` },
    body: JSON.stringify(body),
  });

const DETAILS = { school: "北京大学", student_number: "2301210001", enrolment_year: "2023", graduation_year: "2027" };

/** A main account with a verified personal entry (as the bank-card flow leaves it). */
async function verifiedPerson(): Promise<RegisteredUser> {
  const user = await t.registerUser();
  const entry = await insertPendingEntry(t, user, {
    kind: "personal",
    method: "bank_card",
    name: "周九",
    idNumber: newIdNumber(),
  });
  await t.db
    .update(verificationEntries)
    .set({ status: "verified", decidedAt: t.clock.now() })
    .where(eq(verificationEntries.id, entry.id));
  await t.db.update(users).set({ verifiedAs: "personal" }).where(eq(users.id, user.userId));
  return user;
}

async function verifiedAs(user: RegisteredUser) {
  const [row] = await t.db.select({ v: users.verifiedAs }).from(users).where(eq(users.id, user.userId));
  return row!.v;
}

/**
 * The code in the newest email to `to`, once the outbox has delivered it. `seen` mails to `to` were read before: a
 * background delivery may still hold the new one, so the newest of the old ones is not taken for it.
 */
async function mailedCode(to: string, seen = 0): Promise<string> {
  for (let i = 0; i < 50; i++) {
    await deliverMessages(t.ctx);
    const mails = await readEmailOutbox(t.db, to);
    const code = mails.length > seen ? mails[0]!.body.match(/验证码为：(\d{6})/)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no code mailed to ${to}`);
}

describe("student verification by school mailbox", () => {
  it("needs a verified person first", async () => {
    const user = await t.registerUser();
    const reply = await call(user, "mailbox-code", { ...DETAILS, email: "a@pku.edu.cn" });
    expect(reply.body).toMatchObject({ code: 100022 });
    expect(reply.body.msg ?? reply.body.reason).toContain("个人实名认证");
  });

  it("refuses a mailbox that is not *.edu.cn beside the field, and bad years beside theirs; nothing is sent", async () => {
    const user = await verifiedPerson();
    const gmail = await call(user, "mailbox-code", { ...DETAILS, email: "someone@gmail.com" });
    expect(gmail.body.data).toMatchObject({ field: "email" });
    const graduated = await call(user, "mailbox-code", { ...DETAILS, graduation_year: "2025", email: "a@pku.edu.cn" });
    expect(graduated.body.data).toMatchObject({ field: "graduation_year" });
    const tooLong = await call(user, "mailbox-code", {
      ...DETAILS,
      enrolment_year: "2020",
      graduation_year: "2031",
      email: "a@pku.edu.cn",
    });
    expect(tooLong.body.data).toMatchObject({ field: "graduation_year" });
    const codes = await t.db.select().from(studentMailboxCodes).where(eq(studentMailboxCodes.userId, user.userId));
    expect(codes).toEqual([]);
  });

  it("a wrong code and an expired one are refused beside the field; the right one verifies as student", async () => {
    const user = await verifiedPerson();
    const email = `s${user.userId}@stu.pku.edu.cn`;
    const sent = await call(user, "mailbox-code", { ...DETAILS, email });
    expect(sent.body.code).toBe(0);
    expect(sent.body.data.sent_to).toBe(`s***@stu.pku.edu.cn`);
    const code = await mailedCode(email);

    const wrong = await call(user, "mailbox-verify", { code: code === "000000" ? "111111" : "000000" });
    expect(wrong.body).toMatchObject({ code: 100022, data: { field: "code" } });

    t.clock.advance(16 * MINUTE);
    const late = await call(user, "mailbox-verify", { code });
    expect(late.body).toMatchObject({ code: 100022, data: { field: "code" } });
    expect(await verifiedAs(user)).toBe("personal");

    const again = await call(user, "mailbox-code", { ...DETAILS, email });
    expect(again.body.code).toBe(0);
    const fresh = await mailedCode(email, 1);
    const right = await call(user, "mailbox-verify", { code: fresh });
    expect(right.body.data).toMatchObject({
      kind: "student",
      method: "mailbox",
      state: "verified",
      expires_at: "2027-07-31T16:00:00.000Z",
    });
    expect(await verifiedAs(user)).toBe("student");
    const [details] = await t.db.select().from(studentDetails).where(eq(studentDetails.entryId, right.body.data.id));
    expect(details).toMatchObject({
      school: "北京大学",
      enrolmentYear: 2023,
      graduationYear: 2027,
      mailboxDomain: "stu.pku.edu.cn",
    });
    expect(details!.studentNumberSealed).toMatch(/^pd1\./);

    // Used: the same code does not verify twice, and a verified student is not asked again.
    const reused = await call(user, "mailbox-verify", { code: fresh });
    expect(reused.body.code).not.toBe(0);
  });

  it("makes the student coupon claimable once verified", async () => {
    const group = await openCouponGroup(t, { name: "学生专享券", targetUserVerifyType: 1 });
    const user = await verifiedPerson();
    const caller = await t.callerOf(user);
    expect((await visibleGroups(t.ctx, caller)).map((g) => g.id)).not.toContain(group.id);
    await expect(claimCoupon(t.ctx, caller, { groupId: group.id })).rejects.toThrow();

    const email = `c${user.userId}@pku.edu.cn`;
    await call(user, "mailbox-code", { ...DETAILS, email });
    const ok = await call(user, "mailbox-verify", { code: await mailedCode(email) });
    expect(ok.body.code).toBe(0);
    expect((await visibleGroups(t.ctx, caller)).map((g) => g.id)).toContain(group.id);
    const claimed = await claimCoupon(t.ctx, caller, { groupId: group.id });
    expect(claimed).toBeTruthy();
  });
});

describe("student verification by student card", () => {
  it("writes a pending entry with the file for the desk; another's file or none is refused", async () => {
    const user = await verifiedPerson();
    const caller = await t.callerOf(user);
    const stranger = await verifiedPerson();
    const theirs = await storeVerificationFile(t.ctx, await t.callerOf(stranger), {
      purpose: "student_card",
      name: "card.png",
      bytes: pngImage(),
    });
    const foreign = await call(user, "card", { ...DETAILS, file_id: theirs.id });
    expect(foreign.body.data).toMatchObject({ field: "file" });
    const none = await call(user, "card", { ...DETAILS });
    expect(none.body.data).toMatchObject({ field: "file" });

    const mine = await storeVerificationFile(t.ctx, caller, {
      purpose: "student_card",
      name: "c.png",
      bytes: pngImage(),
    });
    const reply = await call(user, "card", { ...DETAILS, file_id: mine.id });
    expect(reply.body.data).toMatchObject({ kind: "student", method: "card", state: "pending" });
    const [file] = await t.db.select().from(verificationFiles).where(eq(verificationFiles.id, mine.id));
    expect(file!.entryId).toBe(reply.body.data.id);
    const twice = await call(user, "card", { ...DETAILS, file_id: mine.id });
    expect(twice.body.code).not.toBe(0);
  });

  it("a sub-account has no access", async () => {
    const user = await verifiedPerson();
    await createSubAccount(t.ctx, await t.callerOf(user), { name: "stud", password: "Verify123", moneyLimitFen: 0 });
    const login = await t.post("/sub_account_login", { phone: user.phone, name: "stud", password: "Verify123" });
    const reply = await call({ token: login.body.data.token }, "card", { ...DETAILS, file_id: 1 });
    expect(reply.body.code).toBe(100041);
  });
});

describe("expiry at graduation", () => {
  it("the job expires past entries in bounded batches and verified_as falls back to personal", async () => {
    const students: { user: RegisteredUser; caller: Awaited<ReturnType<TestPlatform["callerOf"]>> }[] = [];
    for (let i = 0; i < 3; i++) {
      const user = await verifiedPerson();
      const email = `g${user.userId}@pku.edu.cn`;
      await call(user, "mailbox-code", { ...DETAILS, email });
      const ok = await call(user, "mailbox-verify", { code: await mailedCode(email) });
      expect(ok.body.data.expires_at).toBe("2027-07-31T16:00:00.000Z");
      students.push({ user, caller: await t.callerOf(user) });
    }
    expect(await expireStudentEntries(t.ctx)).toBe(0);

    // 1 August 2027 in Beijing: graduated.
    t.clock.advance(new Date("2027-07-31T16:00:01Z").getTime() - t.clock.now().getTime());
    // Earlier tests' students graduate too: every run handles at most the batch, until none is left.
    const runs: number[] = [];
    for (let i = 0; i < 20; i++) {
      runs.push(await expireStudentEntries(t.ctx, 2));
      if (runs.at(-1) === 0) break;
    }
    expect(runs.at(-1)).toBe(0);
    expect(runs.slice(0, 2)).toEqual([2, 2]);
    expect(runs.every((n) => n <= 2)).toBe(true);
    for (const { user } of students) {
      expect(await verifiedAs(user)).toBe("personal");
      const [entry] = await t.db
        .select()
        .from(verificationEntries)
        .where(eq(verificationEntries.userId, user.userId))
        .orderBy(desc(verificationEntries.id))
        .limit(1);
      expect(entry).toMatchObject({ kind: "student", status: "expired" });
    }
    // An expired student may apply again (a master's degree, say).
    const { caller } = students[0]!;
    const again = await sendStudentMailboxCode(t.ctx, caller, {
      school: "北京大学",
      studentNumber: "2701210001",
      enrolmentYear: "2027",
      graduationYear: "2030",
      email: "again@pku.edu.cn",
    });
    expect(again.sentTo).toBe("a***@pku.edu.cn");
  });
});
