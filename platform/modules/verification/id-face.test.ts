/**
 * Personal verification by ID card and face (issue 37 §1, decision 099) through its /third-party calls: both sides
 * uploaded and read (sandbox OCR: the file name is the card), the reading again (`ocr-result`), the values confirmed
 * (`POST verifications`), a face session started and polled (`face-print`) to verified or rejected; the limits
 * (102252), an unreadable photo, bad fields, two submissions or polls at once, other accounts' files and entries
 * (IDOR), sub-accounts, and no plain name or ID number in the tables written or the log. Runs on PGlite and on
 * PostgreSQL (scripts/with-postgres.sh).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { faceChecks, idCardReadings } from "../../db/idface-schema";
import { users } from "../../db/schema";
import { verificationAttempts, verificationFiles } from "../../db/verification-schema";
import { VERIFICATION_LIMIT_DEFAULTS } from "../../rules/verification-unlocks";
import { mainAccount, subAccount, type TestAccount } from "../../../tests/support/instances";
import { MINUTE, startTestPlatform, uniqueIp, type TestPlatform } from "../../../tests/support/platform";
import { pngImage } from "../../../tests/support/upload-fixtures";
import { FACE_SESSION_TTL_MS } from "../../providers/identity/face-session";
import { newIdNumber } from "../../../tests/support/verification-rows";

let t: TestPlatform;

beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());
afterEach(() => {
  t.ctx.site.verification = { ...VERIFICATION_LIMIT_DEFAULTS };
  vi.restoreAllMocks();
});

/**
 * A valid resident ID number (GB 11643), random enough that the tests of one run never draw the same one (one ID
 * number verifies one account): Xicheng, Beijing, a birth date in 1970–1999 and a random sequence.
 */
interface Person {
  account: TestAccount;
  ip: string;
}
const person = async (): Promise<Person> => ({ account: await mainAccount(t), ip: uniqueIp() });
const auth = (who: Person) => ({ authorization: `Bearer ${who.account.token}`, "x-client-address": who.ip });

const call = (who: Person, method: "GET" | "POST", path: string, body?: object) =>
  t.request(`/third-party/api/v1/verification/${path}`, {
    method,
    headers: { ...auth(who), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** `ocr-image` with a real PNG named as the sandbox OCR reads it. */
const ocr = (who: Person, side: string, fileName: string) => {
  const form = new FormData();
  form.append("side", side);
  form.append("file", new File([pngImage(40, 25)], fileName, { type: "image/png" }));
  return t.request("/third-party/api/v1/verification/ocr-image", { method: "POST", headers: auth(who), body: form });
};

interface Card {
  name: string;
  idNumber: string;
}
const card = (name = "王小明"): Card => ({ name, idNumber: newIdNumber() });

/** Both sides uploaded and read: their file ids. */
async function upload(who: Person, c: Card): Promise<{ front: number; back: number }> {
  const front = await ocr(who, "front", `idcard-front-${c.name}-${c.idNumber}.png`);
  expect(front.body).toMatchObject({ code: 0, data: { side: "front", name: c.name, id_number: c.idNumber } });
  const back = await ocr(who, "back", "idcard-back-北京市公安局西城分局-2020.01.01-2040.01.01.png");
  expect(back.body).toMatchObject({ code: 0, data: { side: "back", issued_by: "北京市公安局西城分局" } });
  return { front: front.body.data.file_id as number, back: back.body.data.file_id as number };
}

const submitBody = (c: Card, files: { front: number; back: number }) => ({
  verify_type: 0,
  method: "id_face",
  name: c.name,
  id_number: c.idNumber,
  front_file_id: files.front,
  back_file_id: files.back,
});

async function submitted(who: Person, c: Card = card()) {
  const reply = await call(who, "POST", "verifications", submitBody(c, await upload(who, c)));
  expect(reply.body).toMatchObject({ code: 0, data: { verify_type: 0, method: "id_face", status: 0 } });
  return { card: c, entryId: reply.body.data.id as number };
}

/** Presses 通过 or 不通过 on the sandbox face page the link opens. */
async function press(url: string, action: "pass" | "fail") {
  const path = new URL(url).pathname;
  expect(path).toMatch(/^\/sandbox\/face\/[A-Za-z0-9_-]{43}$/);
  const reply = await t.request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `action=${action}`,
  });
  expect(reply.http).toBe(200);
}

const verifiedAs = async (userId: number) =>
  (await t.db.select({ v: users.verifiedAs }).from(users).where(eq(users.id, userId)))[0]!.v;

const list = async (who: Person) =>
  (await call(who, "GET", "verifications")).body.data.verifications as { status: number; method: string }[];

describe("personal verification by ID card and face", () => {
  it("reads both sides, confirms, passes the face check: verified, once, with the label", async () => {
    const p = await person();
    const c = card("欧阳娜娜");
    const files = await upload(p, c);
    // The reading again, as a page without JavaScript asks for it after a refresh.
    const again = await call(p, "POST", "ocr-result", { file_id: files.front });
    expect(again.body.data).toMatchObject({
      file_id: files.front,
      name: c.name,
      id_number: c.idNumber,
      masked_id_number: `1****************${c.idNumber.slice(-1)}`,
    });

    const entry = await call(p, "POST", "verifications", submitBody(c, files));
    expect(entry.body.data).toMatchObject({ kind: "personal", state: "pending", name: "欧***" });
    expect(entry.body.data.id_number).toBe(`1****************${c.idNumber.slice(-1)}`);
    // Named by the application, the files are its own and the readings are gone.
    expect((await call(p, "POST", "ocr-result", { file_id: files.front })).body.data).toMatchObject({
      field: "file_id",
    });
    const rows = await t.db.select().from(verificationFiles).where(eq(verificationFiles.userId, p.account.userId));
    expect(rows.map((r) => r.entryId)).toEqual([entry.body.data.id, entry.body.data.id]);

    expect((await call(p, "GET", "face-print")).body.data).toMatchObject({ state: "none", url: "" });
    const started = await call(p, "POST", "face-print");
    expect(started.body.data).toMatchObject({ state: "pending", verification: { status: 0 } });
    expect(started.body.data.url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/sandbox\/face\//);
    // Started again while open: the same link, no second attempt.
    expect((await call(p, "POST", "face-print")).body.data.url).toBe(started.body.data.url);
    const faceAttempts = await t.db
      .select()
      .from(verificationAttempts)
      .where(eq(verificationAttempts.userId, p.account.userId));
    expect(faceAttempts.map((a) => a.kind).sort()).toEqual(["face", "ocr", "ocr"]);
    expect((await call(p, "GET", "face-print")).body.data).toMatchObject({ state: "pending" });
    expect(await verifiedAs(p.account.userId)).toBeNull();

    await press(started.body.data.url, "pass");
    const polls = await Promise.all([1, 2, 3].map(() => call(p, "GET", "face-print")));
    for (const poll of polls)
      expect(poll.body.data).toMatchObject({ state: "passed", verification: { status: 1, state: "verified" } });
    expect((await call(p, "GET", "face-print")).body.data.verification.decided_at).toBe(
      polls[0]!.body.data.verification.decided_at,
    );
    expect(await verifiedAs(p.account.userId)).toBe("personal");
    expect((await list(p)).map((v) => v.status)).toEqual([1]);
    const checks = await t.db.select().from(faceChecks).where(eq(faceChecks.userId, p.account.userId));
    expect(checks.map((ch) => ch.state)).toEqual(["passed"]);
    // Verified: no more OCR, no second application.
    expect((await ocr(p, "front", "idcard-front.png")).body).toMatchObject({ key: "VERIFICATION_ALREADY_VERIFIED" });
  });

  it("a failed face check rejects the application with the provider's reason; applying again verifies", async () => {
    const p = await person();
    const first = await submitted(p);
    const started = await call(p, "POST", "face-print");
    await press(started.body.data.url, "fail");
    const failed = await call(p, "GET", "face-print");
    expect(failed.body.data).toMatchObject({ state: "failed", reason: "人脸核验未通过", verification: { status: 2 } });
    expect(await verifiedAs(p.account.userId)).toBeNull();
    expect((await call(p, "POST", "face-print")).body).toMatchObject({ key: "VERIFICATION_NO_FACE_APPLICATION" });

    await submitted(p, first.card);
    const retry = await call(p, "POST", "face-print");
    expect(retry.body.data.url).not.toBe(started.body.data.url);
    await press(retry.body.data.url, "pass");
    expect((await call(p, "GET", "face-print")).body.data).toMatchObject({ state: "passed" });
    expect((await list(p)).map((v) => v.status)).toEqual([1, 2]);
    expect(await verifiedAs(p.account.userId)).toBe("personal");
  });

  it("a face link left unanswered expires: the application is rejected as timed out", async () => {
    const p = await person();
    await submitted(p);
    expect((await call(p, "POST", "face-print")).body.data.state).toBe("pending");
    t.clock.advance(FACE_SESSION_TTL_MS + MINUTE);
    expect((await call(p, "GET", "face-print")).body.data).toMatchObject({
      state: "failed",
      reason: "人脸核验已超时，请重新发起",
    });
  });

  it("keeps an enterprise label: personal never lowers it", async () => {
    const p = await person();
    await t.db.update(users).set({ verifiedAs: "enterprise" }).where(eq(users.id, p.account.userId));
    await submitted(p);
    await press((await call(p, "POST", "face-print")).body.data.url, "pass");
    expect((await call(p, "GET", "face-print")).body.data.state).toBe("passed");
    expect(await verifiedAs(p.account.userId)).toBe("enterprise");
  });
});

describe("refusals beside the field", () => {
  it("an unreadable photo is refused beside the file and not kept; a PDF is not a photo", async () => {
    const p = await person();
    const reply = await ocr(p, "front", "unreadable-blurred.png");
    expect(reply.http).toBe(400);
    expect(reply.body).toMatchObject({ code: 100022, key: "ID_CARD_UNREADABLE", data: { field: "file" } });
    expect(reply.body.reason).toMatch(/无法识别/);
    const backAsFront = await ocr(p, "front", "idcard-back-北京市公安局-2020.01.01-长期.png");
    expect(backAsFront.body).toMatchObject({ key: "ID_CARD_UNREADABLE" });
    expect(await t.db.select().from(verificationFiles).where(eq(verificationFiles.userId, p.account.userId))).toEqual(
      [],
    );
    expect((await ocr(p, "sideways", "idcard-front.png")).body).toMatchObject({ data: { field: "side" } });
  });

  it("past the day's OCR attempts: 102252 with the time to try again, and nothing stored", async () => {
    t.ctx.site.verification = { ...VERIFICATION_LIMIT_DEFAULTS, attemptsPerAccountDay: 2 };
    const p = await person();
    await upload(p, card());
    const limited = await ocr(p, "front", "idcard-front.png");
    expect(limited.http).toBe(429);
    expect(limited.body).toMatchObject({ code: 102252, key: "VERIFICATION_ATTEMPTS_LIMIT" });
    expect(new Date(limited.body.data.retry_at).getTime()).toBeGreaterThan(t.clock.now().getTime());
    const files = await t.db.select().from(verificationFiles).where(eq(verificationFiles.userId, p.account.userId));
    expect(files).toHaveLength(2);
  });

  it("past the ID number's face attempts a day: 102252, whatever the account's OCR count", async () => {
    t.ctx.site.verification = { ...VERIFICATION_LIMIT_DEFAULTS, attemptsPerIdDay: 1 };
    const p = await person();
    const first = await submitted(p);
    await press((await call(p, "POST", "face-print")).body.data.url, "fail");
    expect((await call(p, "GET", "face-print")).body.data.state).toBe("failed");
    await submitted(p, first.card);
    const limited = await call(p, "POST", "face-print");
    expect(limited.http).toBe(429);
    expect(limited.body).toMatchObject({ code: 102252, data: { retry_at: expect.any(String) } });
    // Another person's ID number is not limited by it.
    const q = await person();
    await submitted(q);
    expect((await call(q, "POST", "face-print")).body.data.state).toBe("pending");
  });

  it("the confirmed name and ID number are checked beside their fields; nothing is written", async () => {
    const p = await person();
    const c = card();
    const files = await upload(p, c);
    const wrongCheck = c.idNumber.slice(0, 17) + (c.idNumber[17] === "1" ? "2" : "1");
    for (const [body, field, reason] of [
      [{ id_number: wrongCheck }, "id_number", /校验位/],
      [{ id_number: "11010219921323001X" }, "id_number", /出生日期/],
      [{ name: "Wang" }, "name", /姓名/],
      [{ front_file_id: 0 }, "front_file_id", /身份证人像面/],
    ] as const) {
      const reply = await call(p, "POST", "verifications", { ...submitBody(c, files), ...body });
      expect(reply.http).toBe(400);
      expect(reply.body).toMatchObject({ code: 100022, data: { field } });
      expect(reply.body.reason).toMatch(reason);
    }
    // The sides swapped: each must be the side it is named as.
    const swapped = await call(p, "POST", "verifications", submitBody(c, { front: files.back, back: files.front }));
    expect(swapped.body).toMatchObject({ data: { field: "front_file_id" } });
    expect(await list(p)).toEqual([]);
    // Corrected, it goes through with the same files.
    expect((await call(p, "POST", "verifications", submitBody(c, files))).body.code).toBe(0);
  });

  it("one ID number verifies one account", async () => {
    const c = card();
    const a = await person();
    await submitted(a, c);
    const b = await person();
    const reply = await call(b, "POST", "verifications", submitBody(c, await upload(b, c)));
    expect(reply.body).toMatchObject({ key: "VERIFICATION_ID_NUMBER_TAKEN", data: { field: "id_number" } });
  });
});

describe("at once", () => {
  it("two submissions at once leave one application", async () => {
    const p = await person();
    const c = card();
    const files = await upload(p, c);
    const twice = await Promise.all([1, 2].map(() => call(p, "POST", "verifications", submitBody(c, files))));
    expect(twice.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(twice.find((r) => r.body.code !== 0)!.body.data.field).toBe("front_file_id");
    expect(await list(p)).toHaveLength(1);
  });

  it("a new submission closes the one still waiting for its face check: one live application", async () => {
    const p = await person();
    const c = card();
    const [f1, f2] = [await upload(p, c), await upload(p, c)];
    const both = await Promise.all([f1, f2].map((f) => call(p, "POST", "verifications", submitBody(c, f))));
    expect(both.map((r) => r.body.code)).toEqual([0, 0]);
    const entries = await list(p);
    expect(entries.map((v) => v.status).sort()).toEqual([0, 2]);
  });
});

describe("who may see and do what", () => {
  it("another account's files, readings and applications are out of reach (IDOR)", async () => {
    const [a, b] = [await person(), await person()];
    const c = card();
    const files = await upload(a, c);
    expect((await call(b, "POST", "ocr-result", { file_id: files.front })).body).toMatchObject({
      key: "NOT_FOUND",
      data: { field: "file_id" },
    });
    const stolen = await call(b, "POST", "verifications", submitBody(c, files));
    expect(stolen.body).toMatchObject({ data: { field: "front_file_id" } });
    expect(await list(b)).toEqual([]);
    await call(a, "POST", "verifications", submitBody(c, files));
    const started = await call(a, "POST", "face-print");
    expect(started.body.data.state).toBe("pending");
    expect((await call(b, "GET", "face-print")).body.data).toEqual({
      state: "none",
      url: "",
      expires_at: null,
      reason: "",
      verification: null,
    });
    expect((await call(b, "POST", "face-print")).body).toMatchObject({ key: "VERIFICATION_NO_FACE_APPLICATION" });
  });

  it("a sub-account has no access (100041) to any of the calls", async () => {
    const main = await person();
    const sub: Person = { account: await subAccount(t, main.account, 0), ip: uniqueIp() };
    const replies = [
      await ocr(sub, "front", "idcard-front.png"),
      await call(sub, "POST", "ocr-result", { file_id: 1 }),
      await call(sub, "POST", "verifications", submitBody(card(), { front: 1, back: 2 })),
      await call(sub, "POST", "face-print"),
      await call(sub, "GET", "face-print"),
    ];
    for (const reply of replies) expect(reply.body).toMatchObject({ code: 100041, key: "PERMISSION_DENIED" });
  });
});

describe("personal data at rest and in the log", () => {
  it("the tables written hold no plain name or ID number; the log neither", async () => {
    const lines: string[] = [];
    for (const method of ["log", "info", "warn", "error"] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    const p = await person();
    const c = card("诸葛孔明");
    const leftover = await upload(p, c); // read but never submitted: its reading stays sealed
    await submitted(p, c);
    const started = await call(p, "POST", "face-print");
    await press(started.body.data.url, "pass");
    expect((await call(p, "GET", "face-print")).body.data.state).toBe("passed");
    expect(leftover.front).toBeGreaterThan(0);
    const dump = JSON.stringify(
      await t.db.execute(
        sql`select (select json_agg(v) from verification_entries v) as entries,
                   (select json_agg(a) from verification_attempts a) as attempts,
                   (select json_agg(f) from verification_files f) as files,
                   (select json_agg(r) from id_card_readings r) as readings,
                   (select json_agg(k) from face_checks k) as checks,
                   (select json_agg(s) from sandbox_face_sessions s) as sessions`,
      ),
    );
    for (const secret of [c.name, c.idNumber, c.idNumber.slice(6, 14)]) {
      expect(dump).not.toContain(secret);
      expect(lines.join("\n")).not.toContain(secret);
    }
    expect(await t.db.select().from(idCardReadings).where(eq(idCardReadings.userId, p.account.userId))).toHaveLength(2);
    expect(dump).toContain("pd1.");
  });
});
