import { and, desc, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { signInRecords, type SignInMethod, type SignInResult } from "../../db/account-security-schema";
import type { Caller, Ctx, Origin } from "../context";

/** How many sign-ins the security page lists (issue 38 §1). */
export const SIGN_IN_RECORDS_LISTED = 20;
/** How long a sign-in record is kept (the job deletes older ones). */
export const SIGN_IN_RECORD_KEEP_DAYS = 180;

/** A sign-in as its account sees it. */
export interface SignInRecord {
  id: number;
  method: SignInMethod;
  result: SignInResult;
  clientAddress: string | null;
  userAgent: string | null;
  at: Date;
}

/** Records one sign-in attempt of an existing account (a main account, or one of its sub-accounts). */
export async function recordSignIn(
  db: Db,
  input: {
    userId: number;
    subAccountId?: number | null;
    method: SignInMethod;
    result: SignInResult;
    origin: Origin;
    at: Date;
  },
): Promise<void> {
  await db.insert(signInRecords).values({
    userId: input.userId,
    subAccountId: input.subAccountId ?? null,
    method: input.method,
    result: input.result,
    clientAddress: input.origin.ip,
    userAgent: input.origin.userAgent ?? null,
    at: input.at,
  });
}

/** The caller's own last sign-ins, newest first: a main account's own, or a sub-account's own. */
export async function listSignInRecords(ctx: Pick<Ctx, "db">, caller: Caller): Promise<SignInRecord[]> {
  return ctx.db
    .select({
      id: signInRecords.id,
      method: signInRecords.method,
      result: signInRecords.result,
      clientAddress: signInRecords.clientAddress,
      userAgent: signInRecords.userAgent,
      at: signInRecords.at,
    })
    .from(signInRecords)
    .where(
      and(
        eq(signInRecords.userId, caller.userId),
        caller.subAccountId === null
          ? isNull(signInRecords.subAccountId)
          : eq(signInRecords.subAccountId, caller.subAccountId),
      ),
    )
    .orderBy(desc(signInRecords.at), desc(signInRecords.id))
    .limit(SIGN_IN_RECORDS_LISTED);
}

/** Deletes up to `batch` records older than SIGN_IN_RECORD_KEEP_DAYS; answers how many. */
export async function purgeOldSignInRecords(ctx: Pick<Ctx, "db" | "now">, batch = 1000): Promise<number> {
  const before = new Date(ctx.now().getTime() - SIGN_IN_RECORD_KEEP_DAYS * 24 * 3600_000);
  const due = ctx.db
    .select({ id: signInRecords.id })
    .from(signInRecords)
    .where(lt(signInRecords.at, before))
    .limit(batch);
  const deleted = await ctx.db
    .delete(signInRecords)
    .where(inArray(signInRecords.id, due))
    .returning({ id: signInRecords.id });
  return deleted.length;
}
