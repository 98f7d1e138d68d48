/**
 * Personal verification by bank card (issue 37 §1, decision 096) through its /third-party calls: the code to the
 * card's phone, the four-element check (sandbox), the entry and the label; the limits (102252 with the time to try
 * again), one ID number per account, two submissions at once, sub-accounts and other accounts, and no plain
 * number in the database or the log. Runs on PGlite and on PostgreSQL (scripts/with-postgres.sh).
 */
import { randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../../db/schema";
import { verificationAttempts, verificationEntries } from "../../db/verification-schema";
import { luhnValid } from "../../rules/identity-numbers";
import { verificationLabel } from "../../rules/verification-label";
import { VERIFICATION_LIMIT_DEFAULTS } from "../../rules/verification-unlocks";
import { mainAccount, subAccount, type TestAccount } from "../../../tests/support/instances";
import {
  DAY,
  MINUTE,
  startTestPlatform,
  uniqueIp,
  uniquePhone,
  type TestPlatform,
} from "../../../tests/support/platform";
import { IdentityProviderError } from "../../providers/identity/types";
import { idNumberHash } from "./sealing";
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

/** A valid resident ID number (GB 11643) no other test uses: Dongcheng, Beijing, born 1990-03-07. */
function luhnComplete(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(body + d)) return body + d;
  throw new Error("unreachable");
}

/** A Luhn-valid 16-digit card number; `mismatch`: one ending 0000, the sandbox's "does not match" pattern. */
function newCardNumber(mismatch = false): string {
  for (;;) {
    const body = `622202${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;
    const card = luhnComplete(mismatch ? body.slice(0, 12) + "000" : body);
    if (!mismatch && card.endsWith("0000")) continue;
    if (!mismatch || card.endsWith("0000")) return card;
  }
}

const headers = (account: TestAccount | null, ip: string) => ({
  "content-type": "application/json",
  "x-client-address": ip,
  ...(account && { authorization: `Bearer ${account.token}` }),
});

interface Person {
  account: TestAccount;
  ip: string;
}

async function person(): Promise<Person> {
  return { account: await mainAccount(t), ip: uniqueIp() };
}

const call = (who: Person | null, method: "GET" | "POST", path: string, body?: object) =>
  t.request(`/third-party/api/v1/verification/${path}`, {
    method,
    headers: headers(who?.account ?? null, who?.ip ?? uniqueIp()),
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const list = async (who: Person) => {
  const reply = await call(who, "GET", "verifications");
  expect(reply.http).toBe(200);
  return reply.body.data.verifications as { verify_type: number; status: number; [k: string]: unknown }[];
};

/**
 * Asks for a code to `phone` and reads it from the sandbox outbox. From an address of its own each time: a second
 * phone from one address would ask for the CAPTCHA (decision 025), which is not what these tests are about.
 */
async function codeFor(who: Person, phone: string): Promise<string> {
  const sent = await call({ ...who, ip: uniqueIp() }, "POST", "captcha", { phone });
  expect(sent.body).toMatchObject({ code: 0, data: { sent: true, resend_after_seconds: 60 } });
  const [latest] = await t.readSms(phone);
  expect(latest?.purpose).toBe("bank_card");
  return latest!.code;
}

interface Elements {
  name: string;
  id_number: string;
  card_number: string;
  phone: string;
}

const elements = (overrides: Partial<Elements> = {}): Elements => ({
  name: "张三",
  id_number: newIdNumber(),
  card_number: newCardNumber(),
  phone: uniquePhone(),
  ...overrides,
});

/** Sends a code to the elements' phone and submits them with it (the clock moves a minute first: 1 code a minute). */
async function submit(who: Person, e: Elements) {
  t.clock.advance(MINUTE + 1000);
  const code = await codeFor(who, e.phone);
  return call(who, "POST", "bank-card", { ...e, code });
}

const verifiedAs = async (userId: number) =>
  (await t.db.select({ v: users.verifiedAs }).from(users).where(eq(users.id, userId)))[0]!.v;

describe("personal verification by bank card", () => {
  it("verifies the four elements with the code sent to the card's phone; the list and the label follow", async () => {
    const p = await person();
    expect(await list(p)).toEqual([]);
    const e = elements({ name: "欧阳·娜娜" });
    const reply = await submit(p, e);
    expect(reply.http).toBe(200);
    expect(reply.body.data).toMatchObject({
      verify_type: 0,
      kind: "personal",
      method: "bank_card",
      status: 1,
      state: "verified",
      name: "欧****",
      id_number: `1****************${e.id_number.slice(-1)}`,
      card_number: `****${e.card_number.slice(-4)}`,
      reason: "",
    });
    const entries = await list(p);
    expect(entries).toHaveLength(1);
    expect(verificationLabel(entries)).toBe("personal");
    expect(await verifiedAs(p.account.userId)).toBe("personal");
    // Asking again: already verified, no code is sent.
    const again = await call(p, "POST", "captcha", { phone: uniquePhone() });
    expect(again.body).toMatchObject({ code: 100022, key: "VERIFICATION_ALREADY_VERIFIED" });
  });

  it("keeps an enterprise (or student) label: personal never lowers it", async () => {
    const p = await person();
    await t.db.update(users).set({ verifiedAs: "enterprise" }).where(eq(users.id, p.account.userId));
    expect((await submit(p, elements())).http).toBe(200);
    expect(await verifiedAs(p.account.userId)).toBe("enterprise");
  });

  it("refuses a bad field beside it, in Chinese, and writes nothing", async () => {
    const p = await person();
    const bad: [Partial<Elements>, string, RegExp][] = [
      [{ name: "Zhang San" }, "name", /姓名只能包含汉字/],
      [{ id_number: "110101199003078516" }, "id_number", /校验位/],
      [{ id_number: "11010119900230851X" }, "id_number", /出生日期/],
      [{ card_number: "6222021234567890123" }, "card_number", /银行卡号校验不通过/],
      [{ phone: "12345" }, "phone", /手机号/],
    ];
    for (const [override, field, reason] of bad) {
      const reply = await call(p, "POST", "bank-card", { ...elements(override), code: "123456" });
      expect(reply.http).toBe(400);
      expect(reply.body).toMatchObject({ code: 100022, data: { field } });
      expect(reply.body.reason).toMatch(reason);
    }
    expect(await list(p)).toEqual([]);
    const rows = await t.db
      .select()
      .from(verificationAttempts)
      .where(eq(verificationAttempts.userId, p.account.userId));
    expect(rows).toEqual([]);
  });

  it("a wrong SMS code is refused beside the code and counts no attempt", async () => {
    const p = await person();
    const e = elements();
    await codeFor(p, e.phone);
    const reply = await call(p, "POST", "bank-card", { ...e, code: "000000" });
    expect(reply.body).toMatchObject({ key: "CODE_INVALID", data: { field: "code" } });
    expect(await list(p)).toEqual([]);
  });

  it("a mismatch is refused with the bank's reason and listed as rejected; corrected, it verifies", async () => {
    const p = await person();
    const e = elements({ card_number: newCardNumber(true) });
    const refused = await submit(p, e);
    expect(refused.http).toBe(400);
    expect(refused.body).toMatchObject({
      code: 100022,
      key: "VERIFICATION_MISMATCH",
      reason: "银行卡信息与身份信息不一致",
      data: { field: "card_number" },
    });
    expect(await list(p)).toMatchObject([{ verify_type: 0, status: 2, reason: "银行卡信息与身份信息不一致" }]);
    expect(await verifiedAs(p.account.userId)).toBeNull();
    const fixed = await submit(p, { ...e, card_number: newCardNumber() });
    expect(fixed.body.data).toMatchObject({ status: 1 });
    expect((await list(p)).map((v) => v.status)).toEqual([1, 2]);
  });

  it("a provider without an answer leaves no entry, and the user may submit again", async () => {
    const p = await person();
    const spy = vi
      .spyOn(t.ctx.providers.identity.bankCard, "verify")
      .mockRejectedValueOnce(new IdentityProviderError("UNAVAILABLE", "timeout"));
    const e = elements();
    const failed = await submit(p, e);
    expect(failed.body).toMatchObject({ code: 100003, key: "VERIFICATION_UNAVAILABLE" });
    expect(await list(p)).toEqual([]);
    spy.mockRestore();
    expect((await submit(p, e)).body.data).toMatchObject({ status: 1 });
  });
});

describe("limits", () => {
  it("past the account's attempts a day: 102252 with the time to try again, before any code is used", async () => {
    t.ctx.site.verification = { ...VERIFICATION_LIMIT_DEFAULTS, attemptsPerAccountDay: 2 };
    const p = await person();
    const first = t.clock.now().getTime() + MINUTE + 1000; // submit() moves the clock first
    expect((await submit(p, elements({ card_number: newCardNumber(true) }))).body.key).toBe("VERIFICATION_MISMATCH");
    expect((await submit(p, elements({ card_number: newCardNumber(true) }))).body.key).toBe("VERIFICATION_MISMATCH");
    const e = elements();
    const limited = await submit(p, e);
    expect(limited.http).toBe(429);
    expect(limited.body).toMatchObject({ code: 102252, key: "VERIFICATION_ATTEMPTS_LIMIT" });
    expect(limited.body.data.retry_at).toBe(new Date(first + DAY).toISOString());
    expect(limited.body.reason).toMatch(/认证次数已达每日上限，请于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}（北京时间）后再试/);
    // The refusal did not use the code up: with the limit raised, the same code verifies.
    const [latest] = await t.readSms(e.phone);
    t.ctx.site.verification = { ...VERIFICATION_LIMIT_DEFAULTS, attemptsPerAccountDay: 3 };
    const later = await call(p, "POST", "bank-card", { ...e, code: latest!.code });
    expect(later.body.code).toBe(0);
  });

  it("a day after the oldest counted attempt the account may try again", async () => {
    t.ctx.site.verification = { ...VERIFICATION_LIMIT_DEFAULTS, attemptsPerAccountDay: 1 };
    const p = await person();
    expect((await submit(p, elements({ card_number: newCardNumber(true) }))).body.key).toBe("VERIFICATION_MISMATCH");
    const limited = await submit(p, elements());
    expect(limited.body.code).toBe(102252);
    t.clock.advance(DAY - 2 * MINUTE);
    expect((await submit(p, elements())).body.code).toBe(0);
    expect(new Date(limited.body.data.retry_at).getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
  });

  it("past the ID number's attempts a day, whichever account makes them", async () => {
    t.ctx.site.verification = { ...VERIFICATION_LIMIT_DEFAULTS, attemptsPerIdDay: 2 };
    const idNumber = newIdNumber();
    const [a, b] = [await person(), await person()];
    for (const who of [a, b])
      expect((await submit(who, elements({ id_number: idNumber, card_number: newCardNumber(true) }))).body.key).toBe(
        "VERIFICATION_MISMATCH",
      );
    const c = await person();
    expect((await submit(c, elements({ id_number: idNumber }))).body).toMatchObject({ code: 102252 });
    expect((await submit(c, elements())).body.code).toBe(0); // another ID number is not limited
  });

  it("one ID number verifies one account (VERIFICATION_ID_MAX_ACCOUNTS: 1 by default, configurable)", async () => {
    const idNumber = newIdNumber();
    const [a, b, c] = [await person(), await person(), await person()];
    expect((await submit(a, elements({ id_number: idNumber }))).body.code).toBe(0);
    const taken = await submit(b, elements({ id_number: idNumber }));
    expect(taken.body).toMatchObject({
      code: 100022,
      key: "VERIFICATION_ID_NUMBER_TAKEN",
      data: { field: "id_number" },
    });
    t.ctx.site.verification = { ...VERIFICATION_LIMIT_DEFAULTS, idNumberMaxAccounts: 2 };
    expect((await submit(b, elements({ id_number: idNumber }))).body.code).toBe(0);
    expect((await submit(c, elements({ id_number: idNumber }))).body.key).toBe("VERIFICATION_ID_NUMBER_TAKEN");
  });

  it("two submissions of one ID number at once make one entry (two accounts, or one account twice)", async () => {
    const idNumber = newIdNumber();
    const [a, b] = [await person(), await person()];
    const ea = elements({ id_number: idNumber });
    const eb = elements({ id_number: idNumber });
    t.clock.advance(MINUTE + 1000);
    const [ca, cb] = [await codeFor(a, ea.phone), await codeFor(b, eb.phone)];
    const replies = await Promise.all([
      call(a, "POST", "bank-card", { ...ea, code: ca }),
      call(b, "POST", "bank-card", { ...eb, code: cb }),
    ]);
    expect(replies.map((r) => r.body.key ?? "ok").sort()).toEqual(["VERIFICATION_ID_NUMBER_TAKEN", "ok"]);
    const entries = await t.db
      .select({ userId: verificationEntries.userId })
      .from(verificationEntries)
      .where(eq(verificationEntries.idNumberHash, idNumberHash(t.ctx.personalData, idNumber)));
    expect(entries).toHaveLength(1);

    const p = await person();
    const e1 = elements();
    const e2 = { ...e1, phone: uniquePhone() };
    const [c1, c2] = [await codeFor(p, e1.phone), await codeFor(p, e2.phone)];
    const twice = await Promise.all([
      call(p, "POST", "bank-card", { ...e1, code: c1 }),
      call(p, "POST", "bank-card", { ...e2, code: c2 }),
    ]);
    expect(twice.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(["VERIFICATION_PENDING", "VERIFICATION_ALREADY_VERIFIED"]).toContain(
      twice.find((r) => r.body.code !== 0)!.body.key,
    );
    expect(await list(p)).toHaveLength(1);
  });
});

describe("who may see and do what", () => {
  it("without a token the list is empty; a dead token is 100031", async () => {
    const none = await call(null, "GET", "verifications");
    expect(none.body).toEqual({
      code: 0,
      reason: "",
      message: "",
      data: { verifications: [], unverified_gpu_limit: 8 },
    });
    const dead = await t.request("/third-party/api/v1/verification/verifications", {
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(dead.body).toMatchObject({ code: 100031 });
    const post = await call(null, "POST", "bank-card", { ...elements(), code: "123456" });
    expect(post.body).toMatchObject({ code: 100031 });
  });

  it("a sub-account has no access (100041), to the list, the code or the check", async () => {
    const main = await person();
    const sub: Person = { account: await subAccount(t, main.account, 0), ip: uniqueIp() };
    for (const [method, path, body] of [
      ["GET", "verifications", undefined],
      ["POST", "captcha", { phone: uniquePhone() }],
      ["POST", "bank-card", { ...elements(), code: "123456" }],
    ] as const) {
      const reply = await call(sub, method, path, body);
      expect(reply.http).toBe(403);
      expect(reply.body).toMatchObject({ code: 100041, key: "PERMISSION_DENIED" });
    }
  });

  it("another account's entries are never listed (IDOR)", async () => {
    const [a, b] = [await person(), await person()];
    expect((await submit(a, elements())).body.code).toBe(0);
    expect(await list(b)).toEqual([]);
    expect(await list(a)).toHaveLength(1);
  });
});

describe("personal data at rest and in the log", () => {
  it("the tables written hold no plain name, ID number, card number or card phone; the log no name or number", async () => {
    const lines: string[] = [];
    for (const method of ["log", "info", "warn", "error"] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    const p = await person();
    const e = elements({ name: "司马相如" });
    const mismatch = { ...e, card_number: newCardNumber(true) };
    expect((await submit(p, mismatch)).body.code).toBe(100022);
    expect((await submit(p, e)).body.code).toBe(0);
    const dump = JSON.stringify(
      await t.db.execute(
        sql`select (select json_agg(v) from verification_entries v) as entries,
                   (select json_agg(a) from verification_attempts a) as attempts,
                   (select json_agg(u) from users u where u.id = ${p.account.userId}) as account`,
      ),
    );
    const log = lines.join("\n");
    for (const secret of [e.name, e.id_number, e.card_number, mismatch.card_number, e.id_number.slice(6, 14)]) {
      expect(dump).not.toContain(secret);
      expect(log).not.toContain(secret);
    }
    // The card's phone is not kept with the entry (the sandbox SMS outbox logs it, as it does every code's phone).
    expect(dump).not.toContain(e.phone);
    expect(dump).toContain("pd1.");
    // What the owner sees is masked, opened from the sealed values.
    expect((await list(p)).map((v) => v.card_number)).toEqual([
      `****${e.card_number.slice(-4)}`,
      `****${mismatch.card_number.slice(-4)}`,
    ]);
  });
});
