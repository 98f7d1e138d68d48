import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { inTransaction } from "../../db/tx";
import { verificationEntries } from "../../db/verification-schema";
import { IdentityProviderError, type BankCardResult } from "../../providers/identity/types";
import { checkBankCardNumber, checkIdNumber } from "../../rules/identity-numbers";
import { checkPersonName } from "../../rules/person-name";
import { CODE_PATTERN, PHONE_PATTERN } from "../../rules/validation";
import { consumeVerifyCode, sendVerifyCode, type SentCode } from "../accounts/verify-codes";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { num, rowsOf } from "../finance/rows";
import type { CaptchaAnswer } from "../security/captcha";
import { attemptsRetryAt, takeAttempt } from "./attempts";
import { liveEntryOf, toVerificationEntry, type VerificationEntry } from "./entries";
import { otherAccountsWith } from "./id-number-accounts";
import { idNumberHash, sealEntryField } from "./sealing";
import { verifyingAccountOf } from "./scope";
import { retryReason } from "../../rules/verification-attempts";

/** The four elements and the SMS code, as the user typed them. */
export interface BankCardInput {
  name: string;
  idNumber: string;
  cardNumber: string;
  phone: string;
  code: string;
}

/**
 * A bank-card entry left pending this long was never decided (the process stopped between the provider's answer
 * and the write): the next submission closes it as rejected instead of being refused as "pending" forever.
 */
export const BANK_CARD_PENDING_TIMEOUT_MS = 2 * 60_000;
export const TIMED_OUT_REASON = "核验超时，请重新提交";

/** The checked elements (fields named as the form names them), or the first problem beside its field. */
function checkElements(ctx: Ctx, input: BankCardInput) {
  const name = checkPersonName(input.name);
  if (!name.ok) return fail("PERSON_NAME_INVALID", "name", name.reason);
  const id = checkIdNumber(input.idNumber, ctx.now());
  if (!id.ok) return fail("ID_NUMBER_INVALID", "id_number", id.reason);
  const card = checkBankCardNumber(input.cardNumber);
  if (!card.ok) return fail("BANK_CARD_INVALID", "card_number", card.reason);
  const phone = input.phone.trim();
  if (!PHONE_PATTERN.test(phone)) return fail("PHONE_INVALID", "phone", "请输入银行预留的11位手机号");
  if (!CODE_PATTERN.test(input.code.trim())) return fail("CODE_INVALID", "code", "请输入6位短信验证码");
  return { name: name.name, idNumber: id.idNumber, cardNumber: card.cardNumber, phone, code: input.code.trim() };
}

/** Why this account may not start a personal verification now, if it may not (checked before and under the lock). */
async function refuseIfBusy(ctx: Ctx, db: Db, userId: number, hash: string): Promise<void> {
  const live = await liveEntryOf(db, userId, "personal");
  if (live?.status === "verified") fail("VERIFICATION_ALREADY_VERIFIED");
  if (live?.status === "pending") {
    const stale =
      live.method === "bank_card" && live.createdAt.getTime() <= ctx.now().getTime() - BANK_CARD_PENDING_TIMEOUT_MS;
    if (!stale) fail("VERIFICATION_PENDING");
  }
  if ((await otherAccountsWith(db, hash, userId)) >= ctx.site.verification.idNumberMaxAccounts)
    fail("VERIFICATION_ID_NUMBER_TAKEN", "id_number");
}

/**
 * `POST /api/v1/verification/captcha`: sends a code to the bank card's phone (the SMS code machinery: per-phone
 * limits, the CAPTCHA when asked for, the provider called after the code's transaction). Refused to a sub-account
 * and to an account already verified as a person.
 */
export async function sendBankCardCode(
  ctx: Ctx,
  caller: Caller,
  input: { phone: string; captcha?: CaptchaAnswer },
): Promise<SentCode> {
  const userId = verifyingAccountOf(caller);
  const phone = input.phone.trim();
  if (!PHONE_PATTERN.test(phone)) fail("PHONE_INVALID", "phone", "请输入银行预留的11位手机号");
  const live = await liveEntryOf(ctx.db, userId, "personal");
  if (live?.status === "verified") fail("VERIFICATION_ALREADY_VERIFIED");
  return sendVerifyCode(ctx, caller, { phone, purpose: "bank_card", captcha: input.captcha });
}

/**
 * `POST /api/v1/verification/bank-card`: personal verification by the four elements (issue 37 §1). In order:
 * the fields' checks; the refusals that need no code (already verified or pending, the ID number verifying
 * enough accounts, the day's attempts used: 102252 with `retry_at`); the SMS code, used up; then, in one
 * transaction under the account's and the ID number's locks, the attempt is counted, the refusals checked again
 * and a pending entry written with the values sealed (so two submissions at once make one entry); the bank card
 * check outside any transaction; and in one transaction the entry verified with users.verified_as (personal,
 * unless enterprise or student already holds), or rejected with the bank's reason. A provider that gives no
 * answer leaves nothing but the counted attempt.
 */
export async function verifyByBankCard(ctx: Ctx, caller: Caller, input: BankCardInput): Promise<VerificationEntry> {
  const userId = verifyingAccountOf(caller);
  const elements = checkElements(ctx, input);
  const hash = idNumberHash(ctx.personalData, elements.idNumber);
  const limits = ctx.site.verification;

  await refuseIfBusy(ctx, ctx.db, userId, hash);
  const until = await attemptsRetryAt(ctx.db, ctx.now(), limits, { userId, kind: "bank_card", idNumberHash: hash });
  if (until) fail("VERIFICATION_ATTEMPTS_LIMIT", undefined, retryReason(until), { retry_at: until.toISOString() });

  await consumeVerifyCode(ctx, caller, { phone: elements.phone, purpose: "bank_card", code: elements.code });

  const entryId = await inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    await takeAttempt(tx, now, limits, { userId, kind: "bank_card", idNumberHash: hash });
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verify-id:${hash}`}))`);
    await tx
      .update(verificationEntries)
      .set({ status: "rejected", reason: TIMED_OUT_REASON, decidedAt: now })
      .where(
        and(
          eq(verificationEntries.userId, userId),
          eq(verificationEntries.kind, "personal"),
          eq(verificationEntries.method, "bank_card"),
          eq(verificationEntries.status, "pending"),
          lt(verificationEntries.createdAt, new Date(now.getTime() - BANK_CARD_PENDING_TIMEOUT_MS + 1)),
        ),
      );
    await refuseIfBusy(ctx, tx, userId, hash);
    // The id first: each value is sealed bound to its entry (sealing.ts).
    const [next] = await rowsOf<{ id: unknown }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('verification_entries', 'id')) as id`,
    );
    const id = num(next!.id);
    await tx.insert(verificationEntries).values({
      id,
      userId,
      kind: "personal",
      method: "bank_card",
      status: "pending",
      nameSealed: sealEntryField(ctx.personalData, id, "name", elements.name),
      idNumberSealed: sealEntryField(ctx.personalData, id, "id_number", elements.idNumber),
      idNumberHash: hash,
      cardNumberSealed: sealEntryField(ctx.personalData, id, "card_number", elements.cardNumber),
      createdAt: now,
    });
    return id;
  });

  let answer: BankCardResult;
  try {
    answer = await ctx.providers.identity.bankCard.verify({
      name: elements.name,
      idNumber: elements.idNumber,
      cardNumber: elements.cardNumber,
      phone: elements.phone,
    });
  } catch (error) {
    // Nothing was decided: the entry goes, so the user may submit again at once (the attempt stays counted).
    await ctx.db
      .delete(verificationEntries)
      .where(and(eq(verificationEntries.id, entryId), eq(verificationEntries.status, "pending")));
    if (error instanceof IdentityProviderError) fail("VERIFICATION_UNAVAILABLE");
    throw error;
  }

  const decided = await inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const [row] = await tx
      .update(verificationEntries)
      .set(
        answer.match
          ? { status: "verified", decidedAt: now }
          : { status: "rejected", reason: answer.reason, decidedAt: now },
      )
      .where(and(eq(verificationEntries.id, entryId), eq(verificationEntries.status, "pending")))
      .returning();
    if (!row) return fail("VERIFICATION_UNAVAILABLE"); // closed as timed out meanwhile
    if (answer.match)
      await tx
        .update(users)
        .set({ verifiedAs: sql`coalesce(${users.verifiedAs}, 'personal')` })
        .where(eq(users.id, userId));
    return row;
  });
  if (!answer.match) fail("VERIFICATION_MISMATCH", "card_number", answer.reason);
  return toVerificationEntry(ctx.personalData, decided);
}
