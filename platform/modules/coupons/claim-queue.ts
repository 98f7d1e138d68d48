import { pgCode } from "../../db/tx";
import type { CouponCtx } from "./main-account";
import { claimStatement, type ClaimRow } from "./claim-statement";

const UNIQUE_VIOLATION = "23505";

/** The most claimants one statement carries; more wait for the next. */
export const MAX_CLAIMS_PER_STATEMENT = 500;

/** What a claimant gets back: the statement's row, or that the same user claimed elsewhere at that moment. */
export type ClaimAnswer = { row: ClaimRow } | { conflict: true };

interface Ask {
  key: string;
  resolve: (answer: ClaimAnswer) => void;
  reject: (error: unknown) => void;
}

interface Lane {
  ctx: CouponCtx;
  bySession: boolean;
  groupId: number;
  asks: Ask[];
}

const lanes = new WeakMap<CouponCtx["db"], Map<string, Lane>>();

/**
 * Claims one coupon of a group for a claimant (a session token hash, or a user
 * id), together with the other claims of that group waiting at the same
 * moment (decision 031): a rush of a thousand claims makes a few dozen
 * statements instead of a thousand, and the group row's lock is taken once
 * per statement instead of once per claim.
 *
 * A group has at most one statement in flight per database handle. Claims
 * arriving while it runs wait for it and then go together as the next; a claim
 * arriving when nothing runs waits only until the current turn of the event
 * loop ends (setImmediate), so a lone claim is not delayed.
 */
export function claimInLane(ctx: CouponCtx, bySession: boolean, groupId: number, key: string): Promise<ClaimAnswer> {
  let byGroup = lanes.get(ctx.db);
  if (!byGroup) lanes.set(ctx.db, (byGroup = new Map()));
  const laneKey = `${bySession ? "s" : "u"}${groupId}`;
  let lane = byGroup.get(laneKey);
  if (!lane) {
    lane = { ctx, bySession, groupId, asks: [] };
    byGroup.set(laneKey, lane);
    const started = lane;
    setImmediate(() => void drain(byGroup, laneKey, started));
  }
  const waiting = lane;
  return new Promise((resolve, reject) => waiting.asks.push({ key, resolve, reject }));
}

/** Runs the lane's waiting claims, a statement at a time, until none wait; then the lane is gone. */
async function drain(byGroup: Map<string, Lane>, laneKey: string, lane: Lane): Promise<void> {
  while (lane.asks.length > 0) {
    const batch = lane.asks.splice(0, MAX_CLAIMS_PER_STATEMENT);
    await runBatch(lane, batch);
  }
  byGroup.delete(laneKey);
}

async function runBatch(lane: Lane, batch: Ask[]): Promise<void> {
  try {
    const rows = await execute(lane, batch);
    // Paired by the claimant's place in the statement (`ord`, from 1), not by the rows' order.
    const byOrd = new Map(rows.map((row) => [row.ord, row]));
    batch.forEach((ask, i) => {
      const row = byOrd.get(i + 1);
      if (row) ask.resolve({ row });
      else ask.reject(new Error(`coupon claim: the statement gave no answer for claimant ${i + 1}`));
    });
  } catch (error) {
    if (pgCode(error) !== UNIQUE_VIOLATION) {
      for (const ask of batch) ask.reject(error);
      return;
    }
    // A user of this batch got a coupon of the group from another process meanwhile: the whole
    // statement was undone. One by one, only that user's claim meets the index again.
    for (const ask of batch) {
      try {
        const [row] = await execute(lane, [ask]);
        ask.resolve({ row: row! });
      } catch (alone) {
        if (pgCode(alone) === UNIQUE_VIOLATION) ask.resolve({ conflict: true });
        else ask.reject(alone);
      }
    }
  }
}

function execute(lane: Lane, batch: Ask[]): Promise<ClaimRow[]> {
  return claimStatement(lane.ctx.db, lane.bySession).execute({
    groupId: lane.groupId,
    keys: batch.map((ask) => ask.key).join(","),
    now: lane.ctx.now(),
  });
}
