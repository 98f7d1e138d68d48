import { randomBytes } from "node:crypto";
import { and, eq, gt, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sandboxFaceSessions, type SandboxFaceState } from "../../db/identity-sandbox-schema";
import { maskIdNumber } from "../../rules/identity-numbers";
import { faceSessionExpiry } from "./face-session";
import { IdentityProviderError, type FaceProvider, type FaceResult, type FaceSession } from "./types";

/** A session id as the sandbox makes them: 32 random bytes, base64url. Anything else is no session. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** What the sandbox page shows of a session. */
export interface SandboxFaceView {
  id: string;
  maskedIdNumber: string;
  state: SandboxFaceState;
  expired: boolean;
}

/** The session as its page shows it, or null when there is none by that id. */
export async function sandboxFaceView(db: Db, id: string, now: Date): Promise<SandboxFaceView | null> {
  if (!SESSION_ID.test(id)) return null;
  const [row] = await db.select().from(sandboxFaceSessions).where(eq(sandboxFaceSessions.id, id));
  if (!row) return null;
  return {
    id: row.id,
    maskedIdNumber: row.maskedIdNumber,
    state: row.state,
    expired: row.state === "pending" && row.expiresAt.getTime() <= now.getTime(),
  };
}

/**
 * 通过 (`passed`) or 不通过 (`failed`) pressed on the page: decides a pending session that has not expired, once.
 * Answers whether it did (false: decided already, expired, or no such session).
 */
export async function decideSandboxFace(db: Db, id: string, passed: boolean, now: Date): Promise<boolean> {
  if (!SESSION_ID.test(id)) return false;
  const rows = await db
    .update(sandboxFaceSessions)
    .set({ state: passed ? "passed" : "failed", decidedAt: now })
    .where(
      and(
        eq(sandboxFaceSessions.id, id),
        eq(sandboxFaceSessions.state, "pending"),
        gt(sandboxFaceSessions.expiresAt, now),
      ),
    )
    .returning({ id: sandboxFaceSessions.id });
  return rows.length === 1;
}

/** An expired session is kept this long (its page and a late poll still say 已超时), then deleted. */
export const SANDBOX_FACE_KEEP_AFTER_EXPIRY_MS = 60 * 60_000;

/** Deletes up to `batch` sessions that expired more than an hour ago (the cleanup job); answers how many. */
export async function deleteExpiredSandboxFaceSessions(db: Db, now: Date, batch: number): Promise<number> {
  const cutoff = new Date(now.getTime() - SANDBOX_FACE_KEEP_AFTER_EXPIRY_MS);
  const expired = db
    .select({ id: sandboxFaceSessions.id })
    .from(sandboxFaceSessions)
    .where(lt(sandboxFaceSessions.expiresAt, cutoff))
    .limit(batch);
  const gone = await db
    .delete(sandboxFaceSessions)
    .where(inArray(sandboxFaceSessions.id, expired))
    .returning({ id: sandboxFaceSessions.id });
  return gone.length;
}

/**
 * The sandbox face liveness provider (default outside production): `start` keeps a session in the database and
 * answers the link of its page on this site (PUBLIC_URL/sandbox/face/<id>), where a tester presses 通过 or 不通过;
 * `result` answers pending until then, and failed once the session expired (10 minutes) undecided. Only the masked
 * ID number is stored; the name is not kept at all.
 */
export class SandboxFaceProvider implements FaceProvider {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** An ID number that is not 17 digits and a check character is REFUSED, as Aliyun refuses it (Code 401). */
  async start(person: { name: string; idNumber: string }): Promise<FaceSession> {
    if (!/^\d{17}[\dX]$/.test(person.idNumber))
      throw new IdentityProviderError("REFUSED", "sandbox face: the ID number is not 18 characters");
    const id = randomBytes(32).toString("base64url");
    const createdAt = this.now();
    const expiresAt = faceSessionExpiry(createdAt);
    await this.db
      .insert(sandboxFaceSessions)
      .values({ id, maskedIdNumber: maskIdNumber(person.idNumber), createdAt, expiresAt });
    return { sessionId: id, url: `${this.publicUrl}/sandbox/face/${id}`, expiresAt };
  }

  async result(sessionId: string): Promise<FaceResult> {
    const view = await sandboxFaceView(this.db, sessionId, this.now());
    if (!view) return { state: "failed", reason: "人脸核验会话不存在，请重新发起" };
    if (view.state === "passed") return { state: "passed" };
    if (view.state === "failed") return { state: "failed", reason: "人脸核验未通过" };
    if (view.expired) return { state: "failed", reason: "人脸核验已超时，请重新发起" };
    return { state: "pending" };
  }
}
