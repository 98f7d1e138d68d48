/**
 * Personal verification by the other channel (issue 37 §1, decision 100): a document (passport, the permits, other),
 * the name and number as printed, 1 to 5 files and a note -> a pending personal entry (method other) for staff
 * review. The fields' refusals beside them, one document for VERIFICATION_ID_MAX_ACCOUNTS accounts, one live
 * personal entry per account, other accounts' files, sub-accounts, and no plain number, name or note at rest.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { verificationEntries, verificationFiles } from "../../db/verification-schema";
import { mainAccount, subAccount, type TestAccount } from "../../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { personallyVerified, uploadedFile, verificationCall } from "../../../tests/support/verification";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

let serial = 0;
/** A passport number no other test uses. */
const passportNumber = () => `E${String(Date.now() % 1e7).padStart(7, "0")}${++serial}`;

interface Application {
  document_type: string;
  name: string;
  document_number: string;
  file_ids: number[];
  note: string;
}

async function application(who: TestAccount, overrides: Partial<Application> = {}): Promise<Application> {
  return {
    document_type: "passport",
    name: "ANNA MÜLLER",
    document_number: passportNumber(),
    file_ids: [await uploadedFile(t, who, "other")],
    note: "德国籍，长期在华工作",
    ...overrides,
  };
}

const submit = (who: TestAccount, body: object) => verificationCall(t, who, "other-channel", body);

describe("POST other-channel", () => {
  it("makes a pending personal entry (method other) with its files; the list shows it masked", async () => {
    const who = await mainAccount(t);
    const body = await application(who, { file_ids: [await uploadedFile(t, who, "other")] });
    body.file_ids.push(await uploadedFile(t, who, "other"));
    const reply = await submit(who, body);
    expect(reply.http).toBe(200);
    expect(reply.body.data).toMatchObject({
      verify_type: 0,
      kind: "personal",
      method: "other",
      status: 0,
      state: "pending",
      document_type: "passport",
      name: "A**********",
      id_number: `${body.document_number[0]}${"*".repeat(body.document_number.length - 2)}${body.document_number.slice(-1)}`,
    });
    const files = await t.db.select().from(verificationFiles).where(eq(verificationFiles.entryId, reply.body.data.id));
    expect(files).toHaveLength(2);
    // One live personal entry: pending, a second application (or a bank-card one) waits for the review.
    const again = await submit(who, await application(who));
    expect(again.body).toMatchObject({ key: "VERIFICATION_PENDING" });
  });

  it("refuses each bad field beside it, in Chinese, and writes nothing", async () => {
    const who = await mainAccount(t);
    const six = await Promise.all(Array.from({ length: 6 }, () => uploadedFile(t, who, "other")));
    const cases: [Partial<Application>, string, RegExp][] = [
      [{ document_type: "driving_licence" }, "document_type", /请选择证件类型/],
      [{ document_type: "hk_macao_permit", document_number: "12345678" }, "document_number", /H或M开头/],
      [{ document_number: "" }, "document_number", /请输入证件号码/],
      [{ name: "A" }, "name", /2到60/],
      [{ name: "<script>" }, "name", /请按证件填写/],
      [{ note: "说".repeat(501) }, "note", /500/],
      [{ file_ids: [] }, "files", /1到5个/],
      [{ file_ids: six }, "file_ids", /证明材料/],
      [{ file_ids: [await uploadedFile(t, who, "licence")] }, "files", /重新上传/],
    ];
    for (const [override, field, reason] of cases) {
      const reply = await submit(who, await application(who, override));
      expect(reply.http, field).toBe(400);
      expect(reply.body).toMatchObject({ code: 100022, data: { field } });
      expect(reply.body.reason).toMatch(reason);
    }
    expect(await t.db.select().from(verificationEntries).where(eq(verificationEntries.userId, who.userId))).toEqual([]);
  });

  it("takes the permits' numbers in their shapes", async () => {
    for (const [type, number] of [
      ["hk_macao_permit", "H12345678"],
      ["taiwan_permit", "12345678"],
      ["foreign_permanent_residence", "USA123456789012"],
    ]) {
      const who = await mainAccount(t);
      const unique = type === "hk_macao_permit" ? `M${String(Date.now()).slice(-8)}` : number;
      const reply = await submit(who, await application(who, { document_type: type, document_number: unique }));
      expect(reply.body.code, type).toBe(0);
    }
  });

  it("one document verifies one account (its own hash kind); another account's files are refused (IDOR)", async () => {
    const [a, b] = [await mainAccount(t), await mainAccount(t)];
    const number = passportNumber();
    expect((await submit(a, await application(a, { document_number: number }))).body.code).toBe(0);
    const taken = await submit(b, await application(b, { document_number: number.toLowerCase() }));
    expect(taken.body).toMatchObject({ key: "VERIFICATION_ID_NUMBER_TAKEN", data: { field: "document_number" } });
    // The same characters as another document type are another document.
    expect((await submit(b, await application(b, { document_type: "other", document_number: number }))).body.code).toBe(
      0,
    );
    const c = await mainAccount(t);
    const stolen = await submit(c, await application(c, { file_ids: [await uploadedFile(t, a, "other")] }));
    expect(stolen.body).toMatchObject({ code: 100022, data: { field: "files" } });
    const seen = await verificationCall(t, c, "verifications");
    expect(seen.body.data.verifications).toEqual([]);
  });

  it("applications at once: one document makes one entry across accounts; one account makes one entry", async () => {
    const number = passportNumber();
    const people = await Promise.all(Array.from({ length: 4 }, () => mainAccount(t)));
    const bodies = await Promise.all(people.map((p) => application(p, { document_number: number })));
    const replies = await Promise.all(people.map((p, i) => submit(p, bodies[i]!)));
    expect(replies.map((r) => r.body.key ?? "ok").sort()).toEqual([
      ...Array<string>(3).fill("VERIFICATION_ID_NUMBER_TAKEN"),
      "ok",
    ]);
    const one = await mainAccount(t);
    const twice = await Promise.all([application(one), application(one), application(one)]);
    const answers = await Promise.all(twice.map((body) => submit(one, body)));
    expect(answers.map((r) => r.body.key ?? "ok").sort()).toEqual([
      "VERIFICATION_PENDING",
      "VERIFICATION_PENDING",
      "ok",
    ]);
    const rows = await t.db.select().from(verificationEntries).where(eq(verificationEntries.userId, one.userId));
    expect(rows).toHaveLength(1);
  });

  it("an account already verified, or a sub-account, is refused", async () => {
    const verified = await personallyVerified(t, "张三");
    expect((await submit(verified, await application(verified))).body).toMatchObject({
      key: "VERIFICATION_ALREADY_VERIFIED",
    });
    const sub = await subAccount(t, verified, 0);
    const reply = await submit(sub, { document_type: "passport" });
    expect(reply.http).toBe(403);
    expect(reply.body).toMatchObject({ code: 100041 });
  });

  it("the number, the name and the note are sealed at rest and never logged", async () => {
    const lines: string[] = [];
    for (const method of ["log", "info", "warn", "error"] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    const who = await mainAccount(t);
    const body = await application(who, { name: "Jean-Luc PICARD", note: "法国护照，住址北京市朝阳区某某路" });
    expect((await submit(who, body)).body.code).toBe(0);
    const dump = JSON.stringify(
      await t.db.execute(
        sql`select json_agg(v) as entries from verification_entries v where v.user_id = ${who.userId}`,
      ),
    );
    // A refused try (the number taken by nobody, the type wrong) logs nothing of it either.
    expect((await submit(who, { ...body, document_type: "hk_macao_permit" })).body.code).toBe(100022);
    const log = lines.join("\n");
    for (const secret of [body.document_number, "PICARD", "某某路"]) {
      expect(dump).not.toContain(secret);
      expect(log).not.toContain(secret);
    }
    expect(dump).toContain("pd1.");
  });
});
