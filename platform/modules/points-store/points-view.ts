import { sql } from "drizzle-orm";
import type { PointEntryKind } from "../../db/points-schema";
import type { Caller, Ctx } from "../context";
import { date, num, rowsOf } from "../finance/rows";
import { spendablePoints } from "../points/ledger";
import { pointsMainAccountOnly } from "./main-account";

type StoreCtx = Pick<Ctx, "db" | "now">;

export interface PointsLot {
  points: number;
  expiresAt: Date;
}

export interface PointsLedgerLine {
  id: number;
  kind: PointEntryKind;
  points: number;
  balanceAfter: number;
  note: string | null;
  expiresAt: Date | null;
  createdAt: Date;
}

export interface PointsSummary {
  points: number;
  /** The unspent, unexpired points by the day they expire, soonest first. */
  lots: PointsLot[];
  /** The latest 50 entries: earned, spent, expired, clawed back. */
  entries: PointsLedgerLine[];
}

/** The caller's points, what expires when, and the latest entries of its points ledger. */
export async function pointsSummary(ctx: StoreCtx, caller: Caller): Promise<PointsSummary> {
  pointsMainAccountOnly(caller);
  const now = ctx.now().toISOString();
  const lots = await rowsOf<{ points: unknown; expires_at: unknown }>(
    ctx.db,
    sql`select sum(remaining) as points, expires_at from point_entries
        where user_id = ${caller.userId} and remaining > 0 and expires_at > ${now}::timestamptz
        group by expires_at order by expires_at`,
  );
  const entries = await rowsOf<{
    id: unknown;
    kind: PointEntryKind;
    points: unknown;
    balance_after: unknown;
    note: string | null;
    expires_at: unknown;
    created_at: unknown;
  }>(
    ctx.db,
    sql`select id, kind, points, balance_after, note, expires_at, created_at from point_entries
        where user_id = ${caller.userId} order by id desc limit 50`,
  );
  return {
    points: await spendablePoints(ctx, caller.userId),
    lots: lots.map((l) => ({ points: num(l.points), expiresAt: date(l.expires_at) })),
    entries: entries.map((e) => ({
      id: num(e.id),
      kind: e.kind,
      points: num(e.points),
      balanceAfter: num(e.balance_after),
      note: e.note,
      expiresAt: e.expires_at == null ? null : date(e.expires_at),
      createdAt: date(e.created_at),
    })),
  };
}
