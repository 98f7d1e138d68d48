/**
 * The desk's verification review (issue 37 §2, decision 101) through its /staff calls: who may review (reviewers,
 * leads, admins; not agents, editors, finance; never a user's token), the queue (pending applications a person
 * decides, oldest first, by kind and wait, masked), the audited reveal and the files behind it (another
 * application's file through this one is not found), and the decision (verified_as, the site message, once only,
 * also when two reviewers decide at once on PostgreSQL).
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, users } from "../../db/schema";
import { staffAccounts, staffAudit, type StaffRole } from "../../db/staff-schema";
import { verificationEntries } from "../../db/verification-schema";
import { HOUR, startTestPlatform, type RegisteredUser, type TestPlatform } from "../../../tests/support/platform";
import { addStaff, staffLogin, staffPost } from "../../../tests/support/staff";
import { insertPendingEntry, newIdNumber } from "../../../tests/support/verification-rows";
import { STAFF_SESSION_HEADER } from "../../contract/staff";
import { storeVerificationFile } from "../../modules/verification/files";
import { applyStudentByCard } from "../../modules/verification/student";
import { pngImage } from "../../../tests/support/upload-fixtures";

let t: TestPlatform;
let reviewer: string;
let reviewerId: number;
beforeAll(async () => {
  t = await startTestPlatform();
  const staff = await addStaff(t, "reviewer", "审核员小李");
  reviewer = await staffLogin(t, staff);
  const [row] = await t.db.select().from(staffAccounts).where(eq(staffAccounts.login, staff.login));
  reviewerId = row!.id;
});
afterAll(() => t.close());

const tokenOf = async (role: StaffRole) => staffLogin(t, await addStaff(t, role));

const getFile = (token: string, path: string) =>
  t.request(`/staff${path}`, { headers: { [STAFF_SESSION_HEADER]: token } });

async function verifiedAs(user: RegisteredUser) {
  const [row] = await t.db.select({ v: users.verifiedAs }).from(users).where(eq(users.id, user.userId));
  return row!.v;
}

async function lastMessage(user: RegisteredUser) {
  const [row] = await t.db
    .select({ message: messages.message })
    .from(messages)
    .where(eq(messages.userId, user.userId))
    .orderBy(desc(messages.id))
    .limit(1);
  return row?.message;
}

describe("who may review", () => {
  it("agents, editors and finance are refused every call; reviewers, leads and admins are not", async () => {
    const user = await t.registerUser();
    const entry = await insertPendingEntry(t, user, { kind: "personal", method: "other", name: "张三" });
    for (const role of ["agent", "editor", "finance"] as const) {
      const token = await tokenOf(role);
      for (const [path, fields] of [
        ["/verification/queue", {}],
        ["/verification/detail", { id: entry.id }],
        ["/verification/reveal", { id: entry.id, reason: "核对证件" }],
        ["/verification/decide", { id: entry.id, decision: "approve" }],
      ] as const) {
        const reply = await staffPost(t, path, token, fields);
        expect([role, path, reply.body.key]).toEqual([role, path, "PERMISSION_DENIED"]);
      }
    }
    for (const role of ["lead", "admin"] as const) {
      const reply = await staffPost(t, "/verification/detail", await tokenOf(role), { id: entry.id });
      expect(reply.body.status).toBe(0);
    }
    const [still] = await t.db.select().from(verificationEntries).where(eq(verificationEntries.id, entry.id));
    expect(still!.status).toBe("pending");
    const audits = await t.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.targetId, String(entry.id)));
    expect(audits).toEqual([]);
  });

  it("a user's session token is no staff token: status 2, nothing answered", async () => {
    const user = await t.registerUser();
    const reply = await staffPost(t, "/verification/queue", user.token);
    expect(reply.body.status).toBe(2);
    expect(JSON.stringify(reply.body)).not.toContain("list");
  });
});

describe("the queue and an application's page", () => {
  it("lists pending reviewed applications oldest first, masked, by kind and by wait", async () => {
    const now = t.clock.now().getTime();
    const a = await t.registerUser();
    const b = await t.registerUser();
    const idNumber = newIdNumber();
    const old = await insertPendingEntry(t, a, {
      kind: "personal",
      method: "other",
      name: "张三丰",
      idNumber,
      createdAt: new Date(now - 30 * HOUR),
    });
    const student = await insertPendingEntry(t, b, {
      kind: "student",
      method: "card",
      createdAt: new Date(now - 2 * HOUR),
    });
    // A provider-decided method is never in the queue.
    const c = await t.registerUser();
    await insertPendingEntry(t, c, { kind: "personal", method: "bank_card", name: "李四", idNumber: newIdNumber() });

    const all = await staffPost(t, "/verification/queue", reviewer, { page_size: 50 });
    expect(all.body.status).toBe(0);
    const ids = all.body.data.list.map((e: { id: number }) => e.id);
    expect(ids.indexOf(old.id)).toBeLessThan(ids.indexOf(student.id));
    const shown = all.body.data.list.find((e: { id: number }) => e.id === old.id);
    expect(shown).toMatchObject({
      kind: "personal",
      method: "other",
      state: "pending",
      name: "张**",
      id_number: `${idNumber[0]}${"*".repeat(16)}${idNumber[17]}`,
      user_phone: `${a.phone.slice(0, 3)}****${a.phone.slice(7)}`,
    });
    expect(JSON.stringify(all.body)).not.toContain(idNumber);
    expect(JSON.stringify(all.body)).not.toContain(a.phone);
    for (const e of all.body.data.list) expect(["other", "card", "licence"]).toContain(e.method);

    const students = await staffPost(t, "/verification/queue", reviewer, { kind: "student", page_size: 50 });
    expect(students.body.data.list.every((e: { kind: string }) => e.kind === "student")).toBe(true);
    expect(students.body.data.list.map((e: { id: number }) => e.id)).toContain(student.id);

    const waited = await staffPost(t, "/verification/queue", reviewer, { min_wait_hours: 24, page_size: 50 });
    const waitedIds = waited.body.data.list.map((e: { id: number }) => e.id);
    expect(waitedIds).toContain(old.id);
    expect(waitedIds).not.toContain(student.id);

    const bad = await staffPost(t, "/verification/queue", reviewer, { min_wait_hours: 0 });
    expect(bad.body).toMatchObject({ status: 1, data: { field: "min_wait_hours" } });
  });

  it("an application's page names its files, masked values only; an unknown id is not found", async () => {
    const user = await t.registerUser();
    const entry = await insertPendingEntry(t, user, {
      kind: "student",
      method: "card",
      files: ["student_card"],
    });
    const detail = await staffPost(t, "/verification/detail", reviewer, { id: entry.id });
    expect(detail.body.data).toMatchObject({ id: entry.id, kind: "student", method: "card", reviewer_id: null });
    expect(detail.body.data.files).toEqual([
      {
        id: entry.fileIds[0],
        purpose: "student_card",
        content_type: "image/png",
        size: expect.any(Number),
        purged: false,
      },
    ]);
    const missing = await staffPost(t, "/verification/detail", reviewer, { id: 999_999_999 });
    expect(missing.body.key).toBe("NOT_FOUND");
  });
});

describe("a student application", () => {
  it("shows the school, the years, the student number and the person's name masked; the reveal shows them whole", async () => {
    const user = await t.registerUser();
    const person = await insertPendingEntry(t, user, { kind: "personal", method: "bank_card", name: "吴十" });
    await t.db
      .update(verificationEntries)
      .set({ status: "verified", decidedAt: t.clock.now() })
      .where(eq(verificationEntries.id, person.id));
    const caller = await t.callerOf(user);
    const file = await storeVerificationFile(t.ctx, caller, {
      purpose: "student_card",
      name: "c.png",
      bytes: pngImage(),
    });
    const entry = await applyStudentByCard(t.ctx, caller, {
      school: "复旦大学",
      studentNumber: "21301234",
      enrolmentYear: "2024",
      graduationYear: "2028",
      fileId: file.id,
    });
    const detail = await staffPost(t, "/verification/detail", reviewer, { id: entry.id });
    expect(detail.body.data).toMatchObject({
      person_name: "吴*",
      student: { school: "复旦大学", student_number: "21****34", enrolment_year: 2024, graduation_year: 2028 },
    });
    expect(JSON.stringify(detail.body)).not.toContain("21301234");
    const reveal = await staffPost(t, "/verification/reveal", reviewer, { id: entry.id, reason: "核对学生证" });
    expect(reveal.body.data).toMatchObject({ person_name: "吴十", student_number: "21301234" });
  });
});

describe("enterprise and other-channel applications", () => {
  it("show the company whole and the legal representative masked, the document type, and the note after the reveal", async () => {
    const user = await t.registerUser();
    const company = await insertPendingEntry(t, user, {
      kind: "enterprise",
      method: "licence",
      files: ["licence"],
      company: { name: "北京算力科技有限公司", creditCode: "91110108MA01C3XY29", legalRepresentative: "赵六" },
    });
    const detail = await staffPost(t, "/verification/detail", reviewer, { id: company.id });
    expect(detail.body.data).toMatchObject({
      company: {
        company_name: "北京算力科技有限公司",
        credit_code: "91110108MA01C3XY29",
        legal_representative: "赵*",
      },
      document_type: "",
      has_note: false,
    });
    expect(JSON.stringify(detail.body)).not.toContain("赵六");
    const reveal = await staffPost(t, "/verification/reveal", reviewer, { id: company.id, reason: "核对营业执照" });
    expect(reveal.body.data).toMatchObject({ legal_representative: "赵六" });

    const other = await t.registerUser();
    const passport = await insertPendingEntry(t, other, {
      kind: "personal",
      method: "other",
      name: "陈七",
      files: ["other"],
      documentType: "passport",
      note: "长期居住在新加坡，护照号见附件",
    });
    const shown = await staffPost(t, "/verification/detail", reviewer, { id: passport.id });
    expect(shown.body.data).toMatchObject({ company: null, document_type: "passport", has_note: true });
    expect(JSON.stringify(shown.body)).not.toContain("新加坡");
    const opened = await staffPost(t, "/verification/reveal", reviewer, { id: passport.id, reason: "核对护照" });
    expect(opened.body.data).toMatchObject({ note: "长期居住在新加坡，护照号见附件" });
  });
});

describe("the reveal", () => {
  it("asks why, writes the audit (who, which entry, why), then answers the whole values", async () => {
    const user = await t.registerUser();
    const idNumber = newIdNumber();
    const entry = await insertPendingEntry(t, user, { kind: "personal", method: "other", name: "王小明", idNumber });

    const noReason = await staffPost(t, "/verification/reveal", reviewer, { id: entry.id, reason: " " });
    expect(noReason.body).toMatchObject({ status: 1, data: { field: "reveal_reason" } });
    expect(JSON.stringify(noReason.body)).not.toContain(idNumber);
    const none = await t.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.targetId, String(entry.id)));
    expect(none).toEqual([]);

    const reply = await staffPost(t, "/verification/reveal", reviewer, { id: entry.id, reason: "核对护照信息" });
    expect(reply.body.data).toMatchObject({ name: "王小明", id_number: idNumber, card_number: "" });
    const [audit] = await t.db.select().from(staffAudit).where(eq(staffAudit.id, reply.body.data.reveal_id));
    expect(audit).toMatchObject({
      staffId: reviewerId,
      action: "verification.reveal",
      targetType: "verification_entry",
      targetId: String(entry.id),
      after: { reason: "核对护照信息" },
    });

    // The page after the reveal shows the values again while the reveal is good, each showing audited.
    const again = await staffPost(t, "/verification/revealed", reviewer, {
      id: entry.id,
      reveal_id: reply.body.data.reveal_id,
    });
    expect(again.body.data).toMatchObject({ name: "王小明", id_number: idNumber });
    const shown = await t.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.targetId, String(entry.id)), eq(staffAudit.action, "verification.value_view")));
    expect(shown).toHaveLength(1);
    const lead = await tokenOf("lead");
    const borrowed = await staffPost(t, "/verification/revealed", lead, {
      id: entry.id,
      reveal_id: reply.body.data.reveal_id,
    });
    expect(borrowed.body.key).toBe("PERMISSION_DENIED");
    expect(JSON.stringify(borrowed.body)).not.toContain(idNumber);
  });

  it("files open only after a reveal of that entry by that reviewer, each opening audited, never cached", async () => {
    const user = await t.registerUser();
    const entry = await insertPendingEntry(t, user, { kind: "student", method: "card", files: ["student_card"] });
    const other = await insertPendingEntry(t, await t.registerUser(), {
      kind: "personal",
      method: "other",
      files: ["other"],
    });
    const fileId = entry.fileIds[0]!;

    const before = await getFile(reviewer, `/verification/entries/${entry.id}/files/${fileId}?reveal=1`);
    expect((before.body as { key: string }).key).toBe("PERMISSION_DENIED");

    const reveal = await staffPost(t, "/verification/reveal", reviewer, { id: entry.id, reason: "查看学生证" });
    const revealId = reveal.body.data.reveal_id as number;
    const res = await t.platform.fetch(
      new Request(`http://x/staff/verification/entries/${entry.id}/files/${fileId}?reveal=${revealId}`, {
        headers: { [STAFF_SESSION_HEADER]: reviewer },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("content-type")).toBe("image/png");
    const views = await t.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.targetId, String(entry.id)), eq(staffAudit.action, "verification.file_view")));
    expect(views).toHaveLength(1);
    expect(views[0]!.after).toMatchObject({ file_id: fileId, reveal_id: revealId, reason: "查看学生证" });

    // Another application's file through this application's page: not found (and not audited as a view).
    const foreign = await t.platform.fetch(
      new Request(`http://x/staff/verification/entries/${entry.id}/files/${other.fileIds[0]}?reveal=${revealId}`, {
        headers: { [STAFF_SESSION_HEADER]: reviewer },
      }),
    );
    expect(foreign.status).toBe(404);

    // Another reviewer cannot ride on this reveal.
    const lead = await tokenOf("lead");
    const borrowed = await getFile(lead, `/verification/entries/${entry.id}/files/${fileId}?reveal=${revealId}`);
    expect((borrowed.body as { key: string }).key).toBe("PERMISSION_DENIED");

    // A reveal is good for 15 minutes.
    t.clock.advance(16 * 60_000);
    const late = await getFile(reviewer, `/verification/entries/${entry.id}/files/${fileId}?reveal=${revealId}`);
    expect((late.body as { key: string }).key).toBe("PERMISSION_DENIED");
  });
});

describe("the decision", () => {
  it("approves: the entry verified by this reviewer, verified_as, the site message, the audit; then no second decision", async () => {
    const user = await t.registerUser();
    const entry = await insertPendingEntry(t, user, { kind: "personal", method: "other", name: "赵六" });
    const reply = await staffPost(t, "/verification/decide", reviewer, { id: entry.id, decision: "approve" });
    expect(reply.body.data).toMatchObject({ state: "verified", reviewer_id: reviewerId });
    const [row] = await t.db.select().from(verificationEntries).where(eq(verificationEntries.id, entry.id));
    expect(row).toMatchObject({ status: "verified", reviewerId, reason: null });
    expect(row!.decidedAt).not.toBeNull();
    expect(await verifiedAs(user)).toBe("personal");
    expect(await lastMessage(user)).toContain("已通过审核");
    const audits = await t.db
      .select({ action: staffAudit.action })
      .from(staffAudit)
      .where(eq(staffAudit.targetId, String(entry.id)));
    expect(audits.map((a) => a.action)).toEqual(["verification.approve"]);

    const again = await staffPost(t, "/verification/decide", reviewer, {
      id: entry.id,
      decision: "reject",
      reason: "照片不清晰",
    });
    expect(again.body).toMatchObject({ status: 1, key: "VERIFICATION_ALREADY_DECIDED" });
    const [unchanged] = await t.db.select().from(verificationEntries).where(eq(verificationEntries.id, entry.id));
    expect(unchanged!.status).toBe("verified");
  });

  it("rejects with a listed reason or written one; the user is told why; nothing is verified", async () => {
    const user = await t.registerUser();
    const entry = await insertPendingEntry(t, user, { kind: "student", method: "card", files: ["student_card"] });

    const noChoice = await staffPost(t, "/verification/decide", reviewer, { id: entry.id, decision: "reject" });
    expect(noChoice.body).toMatchObject({ status: 1, data: { field: "reason" } });
    const noText = await staffPost(t, "/verification/decide", reviewer, {
      id: entry.id,
      decision: "reject",
      reason: "other",
      reason_text: " ",
    });
    expect(noText.body).toMatchObject({ status: 1, data: { field: "reason_text" } });

    const reply = await staffPost(t, "/verification/decide", reviewer, {
      id: entry.id,
      decision: "reject",
      reason: "other",
      reason_text: "学生证缺少注册章",
    });
    expect(reply.body.data).toMatchObject({ state: "rejected", reason: "学生证缺少注册章" });
    expect(await verifiedAs(user)).toBeNull();
    expect(await lastMessage(user)).toContain("未通过审核，原因：学生证缺少注册章");
  });

  it("keeps the higher label: a student approval lifts personal, never lowers enterprise", async () => {
    const person = await t.registerUser();
    await t.db.update(users).set({ verifiedAs: "personal" }).where(eq(users.id, person.userId));
    const a = await insertPendingEntry(t, person, { kind: "student", method: "card" });
    await staffPost(t, "/verification/decide", reviewer, { id: a.id, decision: "approve" });
    expect(await verifiedAs(person)).toBe("student");

    const company = await t.registerUser();
    await t.db.update(users).set({ verifiedAs: "enterprise" }).where(eq(users.id, company.userId));
    const b = await insertPendingEntry(t, company, { kind: "student", method: "card" });
    await staffPost(t, "/verification/decide", reviewer, { id: b.id, decision: "approve" });
    expect(await verifiedAs(company)).toBe("enterprise");
  });

  it("two reviewers deciding at once: one decision lands, the other is told it was decided", async () => {
    const user = await t.registerUser();
    const entry = await insertPendingEntry(t, user, { kind: "personal", method: "other", name: "钱七" });
    const lead = await tokenOf("lead");
    const replies = await Promise.all([
      staffPost(t, "/verification/decide", reviewer, { id: entry.id, decision: "approve" }),
      staffPost(t, "/verification/decide", lead, { id: entry.id, decision: "reject", reason: "材料不完整" }),
    ]);
    const keys = replies.map((r) => (r.body.status === 0 ? "ok" : r.body.key)).sort();
    expect(keys).toEqual(["VERIFICATION_ALREADY_DECIDED", "ok"]);
    const decisions = await t.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.targetId, String(entry.id)));
    expect(decisions).toHaveLength(1);
    const sent = await t.db.select().from(messages).where(eq(messages.userId, user.userId));
    expect(sent.filter((m) => m.message.includes("审核"))).toHaveLength(1);
  });
});
