/**
 * The verification IDOR walk (issue 37 §3, §5): an owner with entries and files of every kind, made through the real
 * calls (tests/support/verification-flows.ts); every /third-party verification call that takes a file id is called
 * with the owner's ids by another main account (unverified, and personally verified so the enterprise and student
 * calls reach their file checks) — not found or a refusal beside the field, the owner's rows unchanged, the
 * stranger's list without the owner's entries — and by the owner's sub-account: 100041 on every call. Then the
 * desk's review calls: a user's token gets nothing; agents, editors and finance get PERMISSION_DENIED on the queue,
 * the reveal, the files and the decision; reviewers, leads and admins get them.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { faceChecks, idCardReadings } from "../db/idface-schema";
import { studentDetails, studentMailboxCodes } from "../db/student-schema";
import { verificationAttempts, verificationEntries, verificationFiles } from "../db/verification-schema";
import { STAFF_SESSION_HEADER } from "../contract/staff";
import type { StaffRole } from "../db/staff-schema";
import { mainAccount, subAccount, type TestAccount } from "../../tests/support/instances";
import { startTestPlatform, uniquePhone, type TestPlatform } from "../../tests/support/platform";
import { addStaff, staffLogin, staffPost } from "../../tests/support/staff";
import { personallyVerified, verificationCall } from "../../tests/support/verification";
import { insertPendingEntry } from "../../tests/support/verification-rows";
import {
  FILE_IMAGE,
  ID_CARD_IMAGE,
  newBankCardNumber,
  runEveryVerificationFlow,
  type VerificationFlows,
} from "../../tests/support/verification-flows";
import { newIdNumber } from "../../tests/support/verification-rows";

let t: TestPlatform;
let flows: VerificationFlows;
let reviewer: string;

beforeAll(async () => {
  t = await startTestPlatform();
  reviewer = await staffLogin(t, await addStaff(t, "reviewer", "审核员小周"));
  flows = await runEveryVerificationFlow(t, reviewer);
}, 60_000);
afterAll(() => t.close());

/** Every row of the owner's verification, its label included. */
async function snapshot() {
  const userId = flows.owner.userId;
  const entries = await t.db
    .select()
    .from(verificationEntries)
    .where(eq(verificationEntries.userId, userId))
    .orderBy(asc(verificationEntries.id));
  const entryIds = entries.map((e) => e.id);
  return {
    user: await t.db.select({ verifiedAs: users.verifiedAs }).from(users).where(eq(users.id, userId)),
    entries,
    files: await t.db
      .select()
      .from(verificationFiles)
      .where(eq(verificationFiles.userId, userId))
      .orderBy(asc(verificationFiles.id)),
    attempts: await t.db
      .select()
      .from(verificationAttempts)
      .where(eq(verificationAttempts.userId, userId))
      .orderBy(asc(verificationAttempts.id)),
    readings: await t.db
      .select()
      .from(idCardReadings)
      .where(eq(idCardReadings.userId, userId))
      .orderBy(asc(idCardReadings.fileId)),
    faces: await t.db.select().from(faceChecks).where(eq(faceChecks.userId, userId)).orderBy(asc(faceChecks.id)),
    students: await t.db
      .select()
      .from(studentDetails)
      .where(inArray(studentDetails.entryId, entryIds))
      .orderBy(asc(studentDetails.entryId)),
    mailboxCodes: await t.db
      .select()
      .from(studentMailboxCodes)
      .where(eq(studentMailboxCodes.userId, userId))
      .orderBy(asc(studentMailboxCodes.id)),
  };
}

const allFileIds = () => Object.values(flows.files);

/** GET file/:id with a token: the HTTP status and the reply's text. */
async function getFile(who: TestAccount, id: number) {
  const res = await t.platform.fetch(
    new Request(`http://x/third-party/api/v1/verification/file/${id}`, {
      headers: { authorization: `Bearer ${who.token}` },
    }),
  );
  return { http: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

type Reply = { http: number; body: any };

/** A multipart upload call (`file` and `ocr-image`) with a PNG and the given fields. */
function postImage(who: TestAccount, path: string, fields: Record<string, string>): Promise<Reply> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new File([FILE_IMAGE], "idcard-front.png", { type: "image/png" }));
  return t.request(`/third-party/api/v1/verification/${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${who.token}` },
    body: form,
  });
}

/**
 * The calls that name a file, each with the owner's file id(s) in it. `reach`: only those whose file check the
 * account reaches (an unverified one is stopped earlier by the enterprise and student calls, a verified one by the
 * personal ones); all of them otherwise.
 */
function fileCalls(who: TestAccount, reach: "unverified" | "verified" | "all"): [string, () => Promise<Reply>][] {
  const personal = reach !== "verified";
  const afterPersonal = reach !== "unverified";
  const call = (path: string, body?: object) => verificationCall(t, who, path, body);
  const f = flows.files;
  const calls: [string, () => Promise<Reply>][] = [];
  for (const id of allFileIds()) calls.push([`POST ocr-result ${id}`, () => call("ocr-result", { file_id: id })]);
  for (const [front, back] of personal
    ? [
        [f.idFront, f.idBack],
        [f.looseIdFront, f.looseIdBack],
      ]
    : [])
    calls.push([
      `POST verifications 0 (${front}, ${back})`,
      () =>
        call("verifications", {
          verify_type: 0,
          method: "id_face",
          name: "李小龙",
          id_number: newIdNumber(),
          front_file_id: front,
          back_file_id: back,
        }),
    ]);
  for (const id of afterPersonal ? [f.licence, f.looseLicence] : [])
    calls.push(
      [`POST business-license ${id}`, () => call("business-license", { file_id: id })],
      [
        `POST verifications 1 licence ${id}`,
        () =>
          call("verifications", {
            verify_type: 1,
            licence_file_id: id,
            company_name: "演示算力科技有限公司",
            credit_code: "91110108MA01C3XY29",
            legal_representative: "李四",
            authorisation_file_ids: [f.looseAuthorisation],
          }),
      ],
    );
  for (const id of personal ? [f.other, f.looseOther, f.looseIdFront] : [])
    calls.push([
      `POST other-channel ${id}`,
      () =>
        call("other-channel", {
          document_type: "passport",
          name: "李小龙",
          document_number: `E${Date.now() % 1e8}`,
          file_ids: [id],
          note: "",
        }),
    ]);
  for (const id of afterPersonal ? [f.studentCard, f.looseStudentCard] : [])
    calls.push([
      `POST student/card ${id}`,
      () =>
        call("student/card", {
          school: "清华大学",
          student_number: "2023000111",
          enrolment_year: "2023",
          graduation_year: "2027",
          file_id: id,
        }),
    ]);
  return calls;
}

describe("another main account with the owner's ids", () => {
  it.each(["unverified", "verified"] as const)(
    "%s: not found or refused beside the field, nothing of the owner's changes",
    async (reach) => {
      const stranger = reach === "verified" ? await personallyVerified(t, "令狐冲") : await mainAccount(t);
      const before = await snapshot();
      for (const id of allFileIds()) {
        const reply = await getFile(stranger, id);
        expect([id, reply.http]).toEqual([id, 404]);
        for (const image of [FILE_IMAGE, ID_CARD_IMAGE])
          expect(reply.body.includes(Buffer.from(image.subarray(0, 64)))).toBe(false);
      }
      for (const [name, call] of fileCalls(stranger, reach)) {
        const reply = await call();
        expect(reply.body.code, name).not.toBe(0);
        // Refused on the file: not found, or a refusal beside the file's field; never the owner's data.
        const refusal = reply.body.key === "NOT_FOUND" || typeof reply.body.data?.field === "string";
        expect([name, refusal, reply.body.key]).toEqual([name, true, reply.body.key]);
        for (const secret of flows.secrets) expect(JSON.stringify(reply.body), name).not.toContain(secret);
      }
      // face-print names no id: the stranger's own (none), never the owner's.
      expect((await verificationCall(t, stranger, "face-print")).body.data).toMatchObject({
        state: "none",
        verification: null,
      });
      expect((await verificationCall(t, stranger, "face-print", {})).body.code).not.toBe(0);
      const list = (await verificationCall(t, stranger, "verifications")).body.data.verifications as { id: number }[];
      const ownerIds = Object.values(flows.entries);
      expect(list.filter((v) => ownerIds.includes(v.id))).toEqual([]);
      expect(await snapshot()).toEqual(before);
    },
  );

  it("the owner still lists its six entries and reads back a file no application names", async () => {
    const list = (await verificationCall(t, flows.owner, "verifications")).body.data.verifications as { id: number }[];
    expect(list.map((v) => v.id).sort((a, b) => a - b)).toEqual(Object.values(flows.entries).sort((a, b) => a - b));
    // A file not yet named by an application is the owner's to read back.
    const own = await getFile(flows.owner, flows.files.looseOther);
    expect(own.http).toBe(200);
    expect(Buffer.compare(own.body, Buffer.from(FILE_IMAGE))).toBe(0);
  });
});

describe("the owner's sub-account", () => {
  it("gets 100041 on every call, with the owner's ids or its own; nothing of the owner's changes", async () => {
    const sub = await subAccount(t, flows.owner, 0);
    const before = await snapshot();
    const call = (path: string, body?: object) => verificationCall(t, sub, path, body);
    const replies: [string, Reply][] = [];
    for (const id of allFileIds()) {
      const res = await t.request(`/third-party/api/v1/verification/file/${id}`, {
        headers: { authorization: `Bearer ${sub.token}` },
      });
      replies.push([`GET file/${id}`, res]);
    }
    replies.push(
      ["POST file", await postImage(sub, "file", { purpose: "other" })],
      ["POST ocr-image", await postImage(sub, "ocr-image", { side: "front" })],
    );
    for (const [name, run] of fileCalls(sub, "all")) replies.push([name, await run()]);
    const phone = uniquePhone();
    replies.push(
      ["POST captcha", await call("captcha", { phone })],
      [
        "POST bank-card",
        await call("bank-card", {
          name: "李小龙",
          id_number: newIdNumber(),
          card_number: newBankCardNumber(),
          phone,
          code: "123456",
        }),
      ],
      ["POST face-print", await call("face-print", {})],
      ["GET face-print", await call("face-print")],
      [
        "POST student/mailbox-code",
        await call("student/mailbox-code", {
          school: "北京大学",
          student_number: "2301210001",
          enrolment_year: "2023",
          graduation_year: "2027",
          email: "sub@pku.edu.cn",
        }),
      ],
      ["POST student/mailbox-verify", await call("student/mailbox-verify", { code: "123456" })],
      ["GET verifications", await call("verifications")],
    );
    for (const [name, reply] of replies) expect([name, reply.body?.code]).toEqual([name, 100041]);
    expect(await snapshot()).toEqual(before);
  });
});

describe("the desk's review calls", () => {
  const entryFile = async (token: string, entryId: number, fileId: number, revealId: number) =>
    t.request(`/staff/verification/entries/${entryId}/files/${fileId}?reveal=${revealId}`, {
      headers: { [STAFF_SESSION_HEADER]: token },
    });

  it("a user's token gets nothing from any of them", async () => {
    const entry = flows.entries.enterprise;
    for (const [path, fields] of [
      ["/verification/queue", {}],
      ["/verification/detail", { id: entry }],
      ["/verification/reveal", { id: entry, reason: "核对" }],
      ["/verification/decide", { id: entry, decision: "approve" }],
    ] as const) {
      const reply = await staffPost(t, path, flows.owner.token, fields);
      expect([path, reply.body.status]).toEqual([path, 2]);
      expect(reply.body.data ?? null, path).toBeNull();
    }
    const file = await entryFile(flows.owner.token, entry, flows.files.licence, 1);
    expect(file.body).toMatchObject({ status: 2 });
  });

  it.each(["agent", "editor", "finance"] as const)(
    "%s: PERMISSION_DENIED on the queue, the reveal, the files and the decision; nothing changes",
    async (role) => {
      const token = await staffLogin(t, await addStaff(t, role));
      const pending = await insertPendingEntry(t, await t.registerUser(), {
        kind: "personal",
        method: "other",
        name: "段誉",
        idNumber: newIdNumber(),
        files: ["other"],
      });
      const before = await snapshot();
      // A reviewer's reveal, which another role may not ride on.
      const reveal = await staffPost(t, "/verification/reveal", reviewer, { id: pending.id, reason: "核对护照" });
      const revealId = reveal.body.data.reveal_id as number;
      for (const [path, fields] of [
        ["/verification/queue", {}],
        ["/verification/detail", { id: pending.id }],
        ["/verification/reveal", { id: pending.id, reason: "核对" }],
        ["/verification/revealed", { id: pending.id, reveal_id: revealId }],
        ["/verification/decide", { id: pending.id, decision: "approve" }],
        ["/verification/decide", { id: flows.entries.bankCard, decision: "reject", reason: "照片不清晰" }],
      ] as const) {
        const reply = await staffPost(t, path, token, fields);
        expect([role, path, reply.body.key]).toEqual([role, path, "PERMISSION_DENIED"]);
        expect(JSON.stringify(reply.body)).not.toContain("段誉");
      }
      const file = await entryFile(token, pending.id, pending.fileIds[0]!, revealId);
      expect([role, (file.body as { key?: string }).key]).toEqual([role, "PERMISSION_DENIED"]);
      const [row] = await t.db.select().from(verificationEntries).where(eq(verificationEntries.id, pending.id));
      expect(row!.status).toBe("pending");
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(["reviewer", "lead", "admin"] as const)(
    "%s: the queue, the reveal, the file and the decision answer",
    async (role: StaffRole) => {
      const token = role === "reviewer" ? reviewer : await staffLogin(t, await addStaff(t, role));
      const pending = await insertPendingEntry(t, await t.registerUser(), {
        kind: "personal",
        method: "other",
        name: "虚竹",
        idNumber: newIdNumber(),
        files: ["other"],
      });
      const queue = await staffPost(t, "/verification/queue", token, { page_size: 50 });
      expect(queue.body.data.list.map((e: { id: number }) => e.id)).toContain(pending.id);
      const reveal = await staffPost(t, "/verification/reveal", token, { id: pending.id, reason: "核对护照" });
      expect(reveal.body.data).toMatchObject({ name: "虚竹" });
      const file = await t.platform.fetch(
        new Request(
          `http://x/staff/verification/entries/${pending.id}/files/${pending.fileIds[0]}?reveal=${reveal.body.data.reveal_id}`,
          { headers: { [STAFF_SESSION_HEADER]: token } },
        ),
      );
      expect(file.status).toBe(200);
      expect(file.headers.get("cache-control")).toContain("no-store");
      const decided = await staffPost(t, "/verification/decide", token, { id: pending.id, decision: "approve" });
      expect(decided.body.data).toMatchObject({ state: "verified" });
      // The owner's files are not reachable through another application's page, even for a reviewer.
      const foreign = await entryFile(token, pending.id, flows.files.licence, reveal.body.data.reveal_id);
      expect(foreign.http).toBe(404);
    },
  );
});
