import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { PointEntryKind } from "../../db/points-schema";
import { inTransaction } from "../../db/tx";
import { MAX_POINTS_PER_ENTRY, pointsExpireAt } from "../../rules/points";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { num, rowsOf } from "../finance/rows";

/*
 * The points ledger (issue 39 §3, docs/decisions/111). Every change of an account's points goes through here:
 * `awardPoints` adds a lot that expires at the end of next year, `takePoints` spends from the lots that expire
 * first, `expireDueLots` writes off what expired lots still held. Each holds the account's `point_balances` row
 * lock in its transaction (so one account's changes run one after another, and other accounts' never wait), and
 * each is idempotent by its operation key: the same key again returns the first entry and moves nothing.
 */

type LedgerCtx = Pick<Ctx, "db" | "now">;

export interface PointEntry {
  id: number;
  kind: PointEntryKind;
  points: number;
  balanceAfter: number;
  expiresAt: Date | null;
  createdAt: Date;
}

export interface PointsChange {
  userId: number;
  /** Unique per account: "spend:<ledger id>", "exchange:<order>", "draw:<id>", … (at most 128 characters). */
  operationKey: string;
  /** What the points are for, shown in the points ledger. */
  refersTo: string;
  note?: string;
}

export interface PointsAward extends PointsChange {
  kind: Extract<PointEntryKind, "earn" | "event" | "prize" | "adjustment">;
  points: number;
}

export interface PointsTake extends PointsChange {
  kind: Extract<PointEntryKind, "exchange" | "clawback" | "adjustment">;
  points: number;
  /**
   * "all": refuse with POINTS_INSUFFICIENT unless every point is there (an exchange); "available": take what is
   * there, perhaps nothing (a clawback after a refund: points already spent are not taken back).
   */
  mode: "all" | "available";
}

function checkAmount(points: number): void {
  if (!Number.isSafeInteger(points) || points <= 0 || points > MAX_POINTS_PER_ENTRY) fail("BAD_REQUEST");
}

/** Takes the account's points lock in the caller's transaction (the row is made on first use); its points. */
async function lockPoints(tx: Db, userId: number): Promise<number> {
  await tx.execute(sql`insert into point_balances (user_id) values (${userId}) on conflict do nothing`);
  const [row] = await rowsOf<{ points: unknown }>(
    tx,
    sql`select points from point_balances where user_id = ${userId} for update`,
  );
  return row ? num(row.points) : fail("NOT_FOUND");
}

async function entryByKey(tx: Db, userId: number, operationKey: string): Promise<PointEntry | null> {
  const [row] = await rowsOf<EntryRow>(
    tx,
    sql`select id, kind, points, balance_after, expires_at, created_at from point_entries
        where user_id = ${userId} and operation_key = ${operationKey}`,
  );
  return row ? toEntry(row) : null;
}

interface EntryRow {
  id: unknown;
  kind: PointEntryKind;
  points: unknown;
  balance_after: unknown;
  expires_at: unknown;
  created_at: unknown;
}

const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

function toEntry(row: EntryRow): PointEntry {
  return {
    id: num(row.id),
    kind: row.kind,
    points: num(row.points),
    balanceAfter: num(row.balance_after),
    expiresAt: row.expires_at == null ? null : toDate(row.expires_at),
    createdAt: toDate(row.created_at),
  };
}

/** Writes one entry and the new balance; the caller holds the lock and knows the key is new. */
async function insertEntry(
  tx: Db,
  change: PointsChange & { kind: PointEntryKind; points: number },
  balanceAfter: number,
  expiresAt: Date | null,
  now: Date,
): Promise<PointEntry> {
  const [row] = await rowsOf<EntryRow>(
    tx,
    sql`with entry as (
          insert into point_entries
            (user_id, kind, points, balance_after, remaining, expires_at, operation_key, refers_to, note, created_at)
          values (${change.userId}, ${change.kind}, ${change.points}, ${balanceAfter},
            ${change.points > 0 ? change.points : 0}, ${expiresAt ? expiresAt.toISOString() : null}::timestamptz,
            ${change.operationKey}, ${change.refersTo}, ${change.note ?? null}, ${now.toISOString()}::timestamptz)
          returning id, kind, points, balance_after, expires_at, created_at
        ),
        balance as (update point_balances set points = ${balanceAfter} where user_id = ${change.userId})
        select * from entry`,
  );
  return toEntry(row!);
}

/**
 * Writes off the account's lots that have expired by `now` (one "expire" entry per lot, key "expire:<lot id>"),
 * under the lock the caller holds; the balance after.
 */
async function expireLockedLots(tx: Db, userId: number, balance: number, now: Date): Promise<number> {
  const due = await rowsOf<{ id: unknown; remaining: unknown }>(
    tx,
    sql`select id, remaining from point_entries
        where user_id = ${userId} and remaining > 0 and expires_at <= ${now.toISOString()}::timestamptz
        order by expires_at, id`,
  );
  for (const lot of due) {
    const remaining = num(lot.remaining);
    balance -= remaining;
    await tx.execute(sql`update point_entries set remaining = 0 where id = ${num(lot.id)}`);
    await insertEntry(
      tx,
      {
        userId,
        kind: "expire",
        points: -remaining,
        operationKey: `expire:${num(lot.id)}`,
        refersTo: `lot:${num(lot.id)}`,
      },
      balance,
      null,
      now,
    );
  }
  return balance;
}

/** Adds `points` as a new lot (it expires per `pointsExpireAt`). */
export async function awardPoints(
  ctx: LedgerCtx,
  award: PointsAward,
): Promise<{ entry: PointEntry; replayed: boolean }> {
  checkAmount(award.points);
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const locked = await lockPoints(tx, award.userId);
    const posted = await entryByKey(tx, award.userId, award.operationKey);
    if (posted) {
      if (posted.points !== award.points || posted.kind !== award.kind) fail("OPERATION_CONFLICT");
      return { entry: posted, replayed: true };
    }
    const balance = await expireLockedLots(tx, award.userId, locked, now);
    const entry = await insertEntry(tx, award, balance + award.points, pointsExpireAt(now), now);
    return { entry, replayed: false };
  });
}

/**
 * Takes points from the lots that expire first. Answers the entry (null when mode "available" found nothing to
 * take); refuses with POINTS_INSUFFICIENT in mode "all" when the unexpired points are fewer than asked.
 */
export async function takePoints(
  ctx: LedgerCtx,
  take: PointsTake,
): Promise<{ entry: PointEntry | null; replayed: boolean }> {
  checkAmount(take.points);
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const locked = await lockPoints(tx, take.userId);
    const posted = await entryByKey(tx, take.userId, take.operationKey);
    if (posted) {
      if (posted.kind !== take.kind) fail("OPERATION_CONFLICT");
      return { entry: posted, replayed: true };
    }
    const balance = await expireLockedLots(tx, take.userId, locked, now);
    const amount = take.mode === "all" ? take.points : Math.min(take.points, balance);
    if (amount > balance) fail("POINTS_INSUFFICIENT");
    if (amount === 0) return { entry: null, replayed: false };
    // The lots in expiry order, each giving what is still needed after the lots before it.
    await tx.execute(sql`
      update point_entries p
      set remaining = p.remaining - least(p.remaining, ${amount} - (l.running - l.remaining))
      from (
        select id, remaining, sum(remaining) over (order by expires_at, id) as running
        from point_entries where user_id = ${take.userId} and remaining > 0
      ) l
      where p.id = l.id and l.running - l.remaining < ${amount}`);
    const entry = await insertEntry(tx, { ...take, points: -amount }, balance - amount, null, now);
    return { entry, replayed: false };
  });
}

/** Writes off one account's expired lots (the expiry job calls this per account with due lots). */
export async function expireDueLots(ctx: LedgerCtx, userId: number): Promise<number> {
  return inTransaction(ctx.db, async (tx) => {
    const locked = await lockPoints(tx, userId);
    return expireLockedLots(tx, userId, locked, ctx.now());
  });
}

/** The account's points that can be spent now: its unexpired lots' remaining points. */
export async function spendablePoints(ctx: Pick<Ctx, "db" | "now">, userId: number): Promise<number> {
  const [row] = await rowsOf<{ points: unknown }>(
    ctx.db,
    sql`select coalesce(sum(remaining), 0) as points from point_entries
        where user_id = ${userId} and remaining > 0 and expires_at > ${ctx.now().toISOString()}::timestamptz`,
  );
  return num(row?.points ?? 0);
}
