/** Helpers for the verification tests (issue 37): a personally verified account, an uploaded file, a /third-party call. */
import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { users } from "../../platform/db/schema";
import { verificationEntries } from "../../platform/db/verification-schema";
import { sealEntryField } from "../../platform/modules/verification/sealing";
import { creditCodeCheckChar } from "../../platform/rules/identity-numbers";
import { num, rowsOf } from "../../platform/modules/finance/rows";
import { mainAccount, type TestAccount } from "./instances";
import type { TestPlatform } from "./platform";
import { uniqueIp } from "./platform";
import { pngImage } from "./upload-fixtures";
import { eq } from "drizzle-orm";

/** A valid unified social credit code (GB 32100) no other test uses. */
export function newCreditCode(): string {
  const chars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
  const body =
    `9111010${randomInt(0, 10)}` + Array.from({ length: 9 }, () => chars[randomInt(0, chars.length)]).join("");
  return body + creditCodeCheckChar(body);
}

/**
 * A main account whose personal verification is done (a verified bank-card entry named `name`, written as the
 * bank-card flow writes it: the name sealed to the entry), with users.verified_as set.
 */
export async function personallyVerified(t: TestPlatform, name: string): Promise<TestAccount> {
  const account = await mainAccount(t);
  const [next] = await rowsOf<{ id: unknown }>(
    t.db,
    sql`select nextval(pg_get_serial_sequence('verification_entries', 'id')) as id`,
  );
  const id = num(next!.id);
  await t.db.insert(verificationEntries).values({
    id,
    userId: account.userId,
    kind: "personal",
    method: "bank_card",
    status: "verified",
    nameSealed: sealEntryField(t.ctx.personalData, id, "name", name),
    createdAt: t.clock.now(),
    decidedAt: t.clock.now(),
  });
  await t.db.update(users).set({ verifiedAs: "personal" }).where(eq(users.id, account.userId));
  return account;
}

/** A verification call under /third-party/api/v1/verification/ with the account's token, as JSON. */
export const verificationCall = (t: TestPlatform, who: TestAccount | null, path: string, body?: object) =>
  t.request(`/third-party/api/v1/verification/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "content-type": "application/json",
      "x-client-address": uniqueIp(),
      ...(who && { authorization: `Bearer ${who.token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Uploads a PNG through the `file` call; answers the file's id. */
export async function uploadedFile(t: TestPlatform, who: TestAccount, purpose: string, name = "photo.png") {
  const form = new FormData();
  form.append("file", new File([pngImage(32, 20)], name, { type: "image/png" }));
  form.append("purpose", purpose);
  const res = await t.platform.fetch(
    new Request("http://x/third-party/api/v1/verification/file", {
      method: "POST",
      headers: { authorization: `Bearer ${who.token}` },
      body: form,
    }),
  );
  const reply = (await res.json()) as { code: number; data: { id: number } };
  expect(reply.code).toBe(0);
  return reply.data.id;
}
