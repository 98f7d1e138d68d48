import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateCounters } from "../../db/schema";

/**
 * What a counter counts. Subjects: a phone (or "phone/sub-account"), an address, a user id, or SITE;
 * the SMS sender buckets also count every client of unknown address under UNKNOWN_SENDER (accounts/verify-codes.ts).
 */
export type RateBucket =
  | "auth_fail"
  | "auth_fail_address"
  | "auth_fail_site"
  | "sms_address"
  | "sms_address_phone"
  | "sms_site"
  | "email_account"
  | "ops_key_fail"
  | "open_api_key"
  /** WeChat login QRs asked by one client address (issue 38 §2). */
  | "wechat_qr_address";

/** The subject of site-wide counters. */
export const SITE = "*";

/** Counters are kept per minute; a window of N minutes sums its last N + 1 of them. */
export const GRANULE_MS = 60_000;
/** Counters older than this are deleted now and then (no window is longer than a day). */
const KEEP_MS = 2 * 24 * 60 * 60_000;
/** About one increment in this many also prunes old counters. */
const PRUNE_ONE_IN = 500;

function granule(at: Date): Date {
  return new Date(Math.floor(at.getTime() / GRANULE_MS) * GRANULE_MS);
}

export interface CounterQuery {
  bucket: RateBucket;
  subject: string;
  windowMs: number;
}

/**
 * The hits of each query within its window, in one statement. A window counts
 * whole minutes, so it may count up to one minute more than asked: limits err
 * on the side of asking for a challenge.
 */
export async function countHits(db: Db, now: Date, queries: CounterQuery[]): Promise<number[]> {
  if (queries.length === 0) return [];
  const columns = Object.fromEntries(
    queries.map((q, i) => [
      `n${i}`,
      sql<number>`coalesce(sum(${rateCounters.hits}) filter (where ${rateCounters.bucket} = ${q.bucket} and ${rateCounters.subject} = ${q.subject} and ${rateCounters.windowStart} >= ${granule(new Date(now.getTime() - q.windowMs))}), 0)`.mapWith(
        Number,
      ),
    ]),
  );
  const keys = queries.map((q) => sql`(${q.bucket}, ${q.subject})`);
  const oldest = granule(new Date(now.getTime() - Math.max(...queries.map((q) => q.windowMs))));
  const [row] = await db
    .select(columns)
    .from(rateCounters)
    .where(
      and(
        sql`(${rateCounters.bucket}, ${rateCounters.subject}) in (${sql.join(keys, sql`, `)})`,
        gte(rateCounters.windowStart, oldest),
      ),
    );
  return queries.map((_, i) => Number(row?.[`n${i}`] ?? 0));
}

/** Adds one hit to each (bucket, subject) in the current minute, in one statement. */
export async function addHits(db: Db, now: Date, hits: { bucket: RateBucket; subject: string }[]): Promise<void> {
  if (hits.length === 0) return;
  const windowStart = granule(now);
  await db
    .insert(rateCounters)
    .values(hits.map((h) => ({ ...h, windowStart, hits: 1 })))
    .onConflictDoUpdate({
      target: [rateCounters.bucket, rateCounters.subject, rateCounters.windowStart],
      set: { hits: sql`${rateCounters.hits} + 1` },
    });
  if (Math.random() * PRUNE_ONE_IN < 1) await pruneCounters(db, now);
}

/**
 * Adds one hit to (bucket, subject) in the current minute and answers that minute's hits, the new one included, in
 * one atomic statement: a fixed one-minute window, for limits that must hold under concurrency (open API keys).
 */
export async function addHitThisMinute(db: Db, now: Date, bucket: RateBucket, subject: string): Promise<number> {
  const [row] = await db
    .insert(rateCounters)
    .values({ bucket, subject, windowStart: granule(now), hits: 1 })
    .onConflictDoUpdate({
      target: [rateCounters.bucket, rateCounters.subject, rateCounters.windowStart],
      set: { hits: sql`${rateCounters.hits} + 1` },
    })
    .returning({ hits: rateCounters.hits });
  if (Math.random() * PRUNE_ONE_IN < 1) await pruneCounters(db, now);
  return row?.hits ?? 1;
}

/** Forgets a subject's hits in a bucket (a successful login forgets that account's failures). */
export async function clearHits(db: Db, bucket: RateBucket, subject: string): Promise<void> {
  await db.delete(rateCounters).where(and(eq(rateCounters.bucket, bucket), eq(rateCounters.subject, subject)));
}

/** Deletes counters no window reaches any more. */
export async function pruneCounters(db: Db, now: Date): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.windowStart, new Date(now.getTime() - KEEP_MS)));
}
