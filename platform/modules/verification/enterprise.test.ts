/**
 * Enterprise verification (issue 37 §1, decision 100) through its /third-party calls: the personal-first rule, the
 * licence's OCR (an "ocr" attempt: 102252 past the limit), the application pending review with or without the
 * authorisation letter, one live application per credit code across accounts (also two at once), the fields'
 * refusals beside them, other accounts' files and entries, sub-accounts, and no plain legal representative at rest.
 * Runs on PGlite and on PostgreSQL (scripts/with-postgres.sh).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { verificationEntries, verificationFiles } from "../../db/verification-schema";
import { IdentityProviderError } from "../../providers/identity/types";
import { SANDBOX_OCR_SAMPLE } from "../../providers/identity/sandbox-ocr";
import { VERIFICATION_LIMIT_DEFAULTS } from "../../rules/verification-unlocks";
import { mainAccount, subAccount, type TestAccount } from "../../../tests/support/instances";
import { DAY, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { newCreditCode, personallyVerified, uploadedFile, verificationCall } from "../../../tests/support/verification";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());
afterEach(() => {
  t.ctx.site.verification = { ...VERIFICATION_LIMIT_DEFAULTS };
  vi.restoreAllMocks();
});

const SAMPLE = SANDBOX_OCR_SAMPLE.licence;

const call = (who: TestAccount | null, path: string, body?: object) => verificationCall(t, who, path, body);

const readLicence = async (who: TestAccount) =>
  call(who, "business-license", { file_id: await uploadedFile(t, who, "licence") });

interface Application {
  licence_file_id: number;
  company_name: string;
  credit_code: string;
  legal_representative: string;
  authorisation_file_ids: number[];
}

async function application(who: TestAccount, overrides: Partial<Application> = {}): Promise<Application> {
  return {
    licence_file_id: await uploadedFile(t, who, "licence"),
    company_name: "深圳测试算力有限公司",
    credit_code: newCreditCode(),
    legal_representative: "李四",
    authorisation_file_ids: [],
    ...overrides,
  };
}

const submit = (who: TestAccount, body: Application) => call(who, "verifications", { verify_type: 1, ...body });

describe("the licence's OCR (POST business-license)", () => {
  it("needs the personal verification first", async () => {
    const stranger = await mainAccount(t);
    const reply = await readLicence(stranger);
    expect(reply.body).toMatchObject({ code: 100022, key: "VERIFICATION_PERSONAL_FIRST" });
    const submitted = await submit(stranger, await application(stranger));
    expect(submitted.body).toMatchObject({ code: 100022, key: "VERIFICATION_PERSONAL_FIRST" });
    expect(
      await t.db.select().from(verificationEntries).where(eq(verificationEntries.userId, stranger.userId)),
    ).toEqual([]);
  });

  it("reads the company, credit code and legal representative, and says whether the applicant is the latter", async () => {
    const representative = await personallyVerified(t, SAMPLE.legalRepresentative);
    const same = await readLicence(representative);
    expect(same.http).toBe(200);
    expect(same.body.data).toMatchObject({
      company_name: SAMPLE.companyName,
      credit_code: SAMPLE.creditCode,
      legal_representative: SAMPLE.legalRepresentative,
      applicant_is_legal_representative: true,
    });
    const employee = await personallyVerified(t, "王五");
    expect((await readLicence(employee)).body.data).toMatchObject({ applicant_is_legal_representative: false });
  });

  it("counts an ocr attempt per read: past the day's limit 102252 with the time to try again", async () => {
    t.ctx.site.verification = { ...VERIFICATION_LIMIT_DEFAULTS, attemptsPerAccountDay: 2 };
    const who = await personallyVerified(t, "赵六");
    const first = t.clock.now().getTime();
    expect((await readLicence(who)).body.code).toBe(0);
    expect((await readLicence(who)).body.code).toBe(0);
    const limited = await readLicence(who);
    expect(limited.http).toBe(429);
    expect(limited.body).toMatchObject({ code: 102252, key: "VERIFICATION_ATTEMPTS_LIMIT" });
    expect(limited.body.data.retry_at).toBe(new Date(first + DAY).toISOString());
  });

  it("an unreadable licence is refused beside the file; the OCR runs outside any transaction", async () => {
    const who = await personallyVerified(t, "孙七");
    vi.spyOn(t.ctx.providers.identity.ocr, "readBusinessLicence").mockRejectedValueOnce(
      new IdentityProviderError("UNREADABLE", "blurred"),
    );
    const reply = await readLicence(who);
    expect(reply.body).toMatchObject({ code: 100022, key: "VERIFICATION_UNREADABLE", data: { field: "licence_file" } });
  });

  it("refuses another account's file, a file of another purpose, and a sub-account", async () => {
    const [owner, stranger] = [await personallyVerified(t, "周八"), await personallyVerified(t, "吴九")];
    const ownersLicence = await uploadedFile(t, owner, "licence");
    const stolen = await call(stranger, "business-license", { file_id: ownersLicence });
    expect(stolen.body).toMatchObject({ code: 100022, data: { field: "licence_file" } });
    const otherPurpose = await call(owner, "business-license", { file_id: await uploadedFile(t, owner, "other") });
    expect(otherPurpose.body).toMatchObject({ code: 100022, data: { field: "licence_file" } });
    const sub = await subAccount(t, owner, 0);
    const bySub = await call(sub, "business-license", { file_id: ownersLicence });
    expect(bySub.http).toBe(403);
    expect(bySub.body).toMatchObject({ code: 100041 });
  });
});

describe("the enterprise application (POST verifications, verify_type 1)", () => {
  it("the legal representative applying: pending review without a letter, listed with the company", async () => {
    const who = await personallyVerified(t, "李四");
    const body = await application(who);
    const reply = await submit(who, body);
    expect(reply.http).toBe(200);
    expect(reply.body.data).toMatchObject({
      verify_type: 1,
      kind: "enterprise",
      method: "licence",
      status: 0,
      state: "pending",
      company_name: "深圳测试算力有限公司",
      credit_code: body.credit_code,
      legal_representative: "李*",
    });
    const listed = await call(who, "verifications");
    expect(listed.body.data.verifications.map((v: { verify_type: number }) => v.verify_type)).toEqual([1, 0]);
    const files = await t.db
      .select({ purpose: verificationFiles.purpose })
      .from(verificationFiles)
      .where(eq(verificationFiles.entryId, reply.body.data.id));
    expect(files).toEqual([{ purpose: "licence" }]);
    // One live application per account.
    const again = await submit(who, await application(who));
    expect(again.body).toMatchObject({ key: "VERIFICATION_PENDING" });
  });

  it("someone else applying needs the authorisation letter (授权书) beside its field; with it, pending", async () => {
    const who = await personallyVerified(t, "王五");
    const body = await application(who);
    const refused = await submit(who, body);
    expect(refused.body).toMatchObject({
      code: 100022,
      key: "VERIFICATION_AUTHORISATION_REQUIRED",
      data: { field: "authorisation_file" },
    });
    expect(refused.body.reason).toContain("授权书");
    const letter = await uploadedFile(t, who, "authorisation");
    const reply = await submit(who, { ...body, authorisation_file_ids: [letter] });
    expect(reply.body.data).toMatchObject({ status: 0, legal_representative: "李*" });
    const files = await t.db
      .select({ purpose: verificationFiles.purpose })
      .from(verificationFiles)
      .where(eq(verificationFiles.entryId, reply.body.data.id))
      .orderBy(verificationFiles.id);
    expect(files).toEqual([{ purpose: "licence" }, { purpose: "authorisation" }]);
  });

  it("refuses a bad field beside it, in Chinese, and writes nothing", async () => {
    const who = await personallyVerified(t, "李四");
    const good = newCreditCode();
    const badCheck = good.slice(0, 17) + (good[17] === "0" ? "1" : "0");
    const cases: [Partial<Application>, string, RegExp][] = [
      [{ credit_code: badCheck }, "credit_code", /统一社会信用代码校验位不正确/],
      [{ credit_code: "91110108MA01C3XY2" }, "credit_code", /18位/],
      [{ company_name: "" }, "company_name", /企业名称/],
      [{ legal_representative: "Li Si" }, "legal_representative", /法定代表人姓名只能包含汉字/],
    ];
    for (const [override, field, reason] of cases) {
      const reply = await submit(who, await application(who, override));
      expect(reply.http).toBe(400);
      expect(reply.body).toMatchObject({ code: 100022, data: { field } });
      expect(reply.body.reason).toMatch(reason);
    }
    const rows = await t.db.select().from(verificationEntries).where(eq(verificationEntries.userId, who.userId));
    expect(rows.map((r) => r.kind)).toEqual(["personal"]);
  });

  it("another account's licence or letter is refused and nothing is written (IDOR); its entries stay invisible", async () => {
    const [owner, stranger] = [await personallyVerified(t, "李四"), await personallyVerified(t, "王五")];
    const ownersLicence = await uploadedFile(t, owner, "licence");
    const ownersLetter = await uploadedFile(t, owner, "authorisation");
    const withLicence = await submit(
      stranger,
      await application(stranger, { licence_file_id: ownersLicence, legal_representative: "王五" }),
    );
    expect(withLicence.body).toMatchObject({ code: 100022, data: { field: "licence_file" } });
    const withLetter = await submit(stranger, await application(stranger, { authorisation_file_ids: [ownersLetter] }));
    expect(withLetter.body).toMatchObject({ code: 100022, data: { field: "authorisation_file" } });
    expect((await submit(owner, await application(owner))).body.code).toBe(0);
    const seen = await call(stranger, "verifications");
    expect(seen.body.data.verifications.map((v: { kind: string }) => v.kind)).toEqual(["personal"]);
  });

  it("one enterprise verification per company: another account's live one is refused beside the credit code", async () => {
    const [a, b] = [await personallyVerified(t, "李四"), await personallyVerified(t, "李四")];
    const code = newCreditCode();
    expect((await submit(a, await application(a, { credit_code: code }))).body.code).toBe(0);
    const taken = await submit(b, await application(b, { credit_code: code.toLowerCase() }));
    expect(taken.body).toMatchObject({
      code: 100022,
      key: "VERIFICATION_COMPANY_TAKEN",
      data: { field: "credit_code" },
    });
    expect(taken.body.reason).toContain("统一社会信用代码");
    // Rejected, the company may be verified again (by either account).
    await t.db
      .update(verificationEntries)
      .set({ status: "rejected", reason: "营业执照不清晰", decidedAt: t.clock.now() })
      .where(eq(verificationEntries.creditCode, code));
    expect((await submit(b, await application(b, { credit_code: code }))).body.code).toBe(0);
  });

  it("accounts applying for one company at once: one live entry, the others refused beside the credit code", async () => {
    const code = newCreditCode();
    const people = await Promise.all(Array.from({ length: 5 }, () => personallyVerified(t, "李四")));
    const bodies = await Promise.all(people.map((p) => application(p, { credit_code: code })));
    const replies = await Promise.all(people.map((p, i) => submit(p, bodies[i]!)));
    expect(replies.map((r) => r.body.key ?? "ok").sort()).toEqual([
      ...Array<string>(4).fill("VERIFICATION_COMPANY_TAKEN"),
      "ok",
    ]);
    const live = await t.db.select().from(verificationEntries).where(eq(verificationEntries.creditCode, code));
    expect(live).toHaveLength(1);
  });

  it("a sub-account has no access; another verify_type is refused beside it", async () => {
    const main = await personallyVerified(t, "李四");
    const sub = await subAccount(t, main, 0);
    const reply = await call(sub, "verifications", { verify_type: 1, ...(await application(main)) });
    expect(reply.http).toBe(403);
    expect(reply.body).toMatchObject({ code: 100041 });
    const unknown = await call(main, "verifications", { verify_type: 7 });
    expect(unknown.body).toMatchObject({ code: 100022, data: { field: "verify_type" } });
  });

  it("the legal representative's name is sealed at rest; company and credit code are kept plain", async () => {
    const who = await personallyVerified(t, "欧阳明月");
    const body = await application(who, {
      legal_representative: "诸葛孔明",
      authorisation_file_ids: [await uploadedFile(t, who, "authorisation")],
    });
    expect((await submit(who, body)).body.code).toBe(0);
    const dump = JSON.stringify(
      await t.db.execute(
        sql`select json_agg(v) as entries from verification_entries v where v.user_id = ${who.userId}`,
      ),
    );
    expect(dump).not.toContain("诸葛孔明");
    expect(dump).not.toContain("欧阳明月");
    expect(dump).toContain(body.credit_code);
    expect(dump).toContain("pd1.");
  });
});
