import { and, countDistinct, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { verificationEntries } from "../../db/verification-schema";

/**
 * Accounts other than `userId` whose live (pending or verified) entries carry this ID number's hash: one ID number
 * verifies at most VERIFICATION_ID_MAX_ACCOUNTS accounts (decision 096). Read under the hash's lock.
 */
export async function otherAccountsWith(db: Db, hash: string, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(verificationEntries.userId) })
    .from(verificationEntries)
    .where(
      and(
        eq(verificationEntries.idNumberHash, hash),
        inArray(verificationEntries.status, ["pending", "verified"]),
        ne(verificationEntries.userId, userId),
      ),
    );
  return Number(row?.n ?? 0);
}
