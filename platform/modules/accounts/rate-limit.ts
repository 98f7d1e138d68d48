import { and, count, eq, gte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateEvents } from "../../db/schema";

export type RateBucket = "login_fail_phone" | "login_fail_ip";

export async function countRecentEvents(db: Db, bucket: RateBucket, subject: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(rateEvents)
    .where(and(eq(rateEvents.bucket, bucket), eq(rateEvents.subject, subject), gte(rateEvents.at, since)));
  return Number(row?.n ?? 0);
}

export async function recordEvent(db: Db, bucket: RateBucket, subject: string, at: Date): Promise<void> {
  await db.insert(rateEvents).values({ bucket, subject, at });
}

export async function clearEvents(db: Db, bucket: RateBucket, subject: string): Promise<void> {
  await db.delete(rateEvents).where(and(eq(rateEvents.bucket, bucket), eq(rateEvents.subject, subject)));
}
