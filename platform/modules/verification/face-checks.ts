import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { faceChecks, type FaceCheckState } from "../../db/idface-schema";
import { users } from "../../db/schema";
import { inTransaction } from "../../db/tx";
import { verificationEntries } from "../../db/verification-schema";
import { IdentityProviderError, type FaceResult } from "../../providers/identity/types";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { takeAttempt } from "./attempts";
import { toVerificationEntry, type VerificationEntry } from "./entries";
import { openEntryField } from "./sealing";
import { verifyingAccountOf } from "./scope";

/** Where the face check of the caller's newest ID card application stands (`face-print`). */
export interface FaceCheckView {
  state: FaceCheckState | "none";
  url: string;
  expiresAt: Date | null;
  reason: string;
  entry: VerificationEntry | null;
}

/** A check the provider still calls pending this long after its link expired is decided failed by us. */
const EXPIRY_GRACE_MS = 60_000;
const TIMED_OUT = "人脸核验已超时，请重新认证";

type EntryRow = typeof verificationEntries.$inferSelect;
type CheckRow = typeof faceChecks.$inferSelect;

/** The account's newest personal entry made by ID card and face, if any. */
async function newestIdFaceEntry(db: Db, userId: number): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationEntries)
    .where(
      and(
        eq(verificationEntries.userId, userId),
        eq(verificationEntries.kind, "personal"),
        eq(verificationEntries.method, "id_face"),
      ),
    )
    .orderBy(desc(verificationEntries.id))
    .limit(1);
  return row;
}

async function newestCheckOf(db: Db, entryId: number): Promise<CheckRow | undefined> {
  const [row] = await db
    .select()
    .from(faceChecks)
    .where(eq(faceChecks.entryId, entryId))
    .orderBy(desc(faceChecks.id))
    .limit(1);
  return row;
}

function viewOf(ctx: Ctx, entry: EntryRow | undefined, check: CheckRow | undefined): FaceCheckView {
  if (!entry) return { state: "none", url: "", expiresAt: null, reason: "", entry: null };
  const shown = toVerificationEntry(ctx.personalData, entry);
  // A decided entry speaks for its check (a rejected one may have been closed without any check).
  if (entry.status !== "pending")
    return {
      state: entry.status === "verified" ? "passed" : "failed",
      url: "",
      expiresAt: null,
      reason: entry.reason ?? "",
      entry: shown,
    };
  if (!check || check.state !== "pending") return { state: "none", url: "", expiresAt: null, reason: "", entry: shown };
  return { state: "pending", url: check.url, expiresAt: check.expiresAt, reason: "", entry: shown };
}

/**
 * `POST /api/v1/verification/face-print` (issue 37 §1): starts a face liveness session for the caller's pending ID
 * card application, with the name and ID number it carries: a "face" attempt counted (102252 past the day's, per
 * account and per ID number), the provider called outside any transaction, and the session kept with the link to
 * open on a phone. A session still open is answered again (no new attempt). Without a pending application:
 * VERIFICATION_NO_FACE_APPLICATION.
 */
export async function startFaceCheck(ctx: Ctx, caller: Caller): Promise<FaceCheckView> {
  const userId = verifyingAccountOf(caller);
  const entry = await newestIdFaceEntry(ctx.db, userId);
  if (!entry || entry.status !== "pending") return fail("VERIFICATION_NO_FACE_APPLICATION");
  const open = await newestCheckOf(ctx.db, entry.id);
  if (open?.state === "pending" && open.expiresAt.getTime() > ctx.now().getTime()) return viewOf(ctx, entry, open);
  if (open?.state === "pending") {
    // Expired unanswered: its result decides the application first (polled, as GET does).
    const polled = await pollFaceCheck(ctx, caller);
    if (polled.state !== "none") return polled;
  }

  const limits = ctx.site.verification;
  await inTransaction(ctx.db, (tx) =>
    takeAttempt(tx, ctx.now(), limits, { userId, kind: "face", idNumberHash: entry.idNumberHash }),
  );
  const person = {
    name: openEntryField(ctx.personalData, entry.id, "name", entry.nameSealed!),
    idNumber: openEntryField(ctx.personalData, entry.id, "id_number", entry.idNumberSealed!),
  };
  let session;
  try {
    session = await ctx.providers.identity.face.start(person);
  } catch (error) {
    if (error instanceof IdentityProviderError) fail("VERIFICATION_UNAVAILABLE");
    throw error;
  }
  // Two starts at once: one pending check per entry (the partial unique index); the other's session is unused.
  await ctx.db
    .insert(faceChecks)
    .values({
      entryId: entry.id,
      userId,
      sessionId: session.sessionId,
      url: session.url,
      createdAt: ctx.now(),
      expiresAt: session.expiresAt,
    })
    .onConflictDoNothing();
  const [current] = await ctx.db.select().from(verificationEntries).where(eq(verificationEntries.id, entry.id));
  return viewOf(ctx, current, await newestCheckOf(ctx.db, entry.id));
}

/** The provider's answer, or pending when it gave none this time (the page asks again in a few seconds). */
async function resultOf(ctx: Ctx, check: CheckRow): Promise<FaceResult> {
  let result: FaceResult;
  try {
    result = await ctx.providers.identity.face.result(check.sessionId);
  } catch (error) {
    if (!(error instanceof IdentityProviderError)) throw error;
    result = { state: "pending" };
  }
  if (result.state === "pending" && ctx.now().getTime() >= check.expiresAt.getTime() + EXPIRY_GRACE_MS)
    return { state: "failed", reason: TIMED_OUT };
  return result;
}

/**
 * `GET /api/v1/verification/face-print`: where the caller's newest ID card application stands. While its face check
 * is open the provider is asked (outside any transaction); passed → in one transaction the check, the entry
 * (verified) and users.verified_as (personal, unless enterprise or student already holds; as bank-card.ts); failed
 * → the entry rejected with the provider's reason (the user applies again). Each is written only while the check is
 * still pending, under the entry's row lock, so polling twice or at once decides it once.
 */
export async function pollFaceCheck(ctx: Ctx, caller: Caller): Promise<FaceCheckView> {
  const userId = verifyingAccountOf(caller);
  let entry = await newestIdFaceEntry(ctx.db, userId);
  if (!entry) return viewOf(ctx, undefined, undefined);
  const check = await newestCheckOf(ctx.db, entry.id);
  // A check decided since the entry was read: the entry was decided with it (one transaction); read it again.
  if (entry.status === "pending" && check && check.state !== "pending")
    entry = (await newestIdFaceEntry(ctx.db, userId)) ?? entry;
  if (entry.status !== "pending" || check?.state !== "pending") return viewOf(ctx, entry, check);

  const result = await resultOf(ctx, check);
  if (result.state === "pending") return viewOf(ctx, entry, check);

  const decided = await inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    await tx.execute(sql`select 1 from verification_entries where id = ${entry.id} for update`);
    const [closed] = await tx
      .update(faceChecks)
      .set(
        result.state === "passed"
          ? { state: "passed", decidedAt: now }
          : { state: "failed", reason: result.reason, decidedAt: now },
      )
      .where(and(eq(faceChecks.id, check.id), eq(faceChecks.state, "pending")))
      .returning();
    if (closed) {
      const [row] = await tx
        .update(verificationEntries)
        .set(
          result.state === "passed"
            ? { status: "verified", decidedAt: now }
            : { status: "rejected", reason: result.reason, decidedAt: now },
        )
        .where(and(eq(verificationEntries.id, entry.id), eq(verificationEntries.status, "pending")))
        .returning();
      if (row && result.state === "passed")
        await tx
          .update(users)
          .set({ verifiedAs: sql`coalesce(${users.verifiedAs}, 'personal')` })
          .where(eq(users.id, userId));
    }
    const [current] = await tx.select().from(verificationEntries).where(eq(verificationEntries.id, entry.id));
    return current!;
  });
  return viewOf(ctx, decided, await newestCheckOf(ctx.db, decided.id));
}
