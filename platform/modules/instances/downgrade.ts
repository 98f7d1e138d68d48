/**
 * A package's GPU downgrade with a refund (issue 36 §1, decision 095): the
 * removed GPUs for the rest of the term, the upgrade's charge mirrored
 * (platform/rules/instance-resize.ts quotePackageDowngrade), at most what the
 * instance's paid orders can still give back, to the wallets in the
 * proportion they paid (platform/rules/package-refund.ts). Recorded as a
 * negative paid period (instance_downgrades) so a later stop-with-refund nets
 * it; a sub-account's rental no longer counts the refund against its limit. resize.ts calls it inside its transaction, under the account's and the
 * instance's row locks.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { instanceDowngrades } from "../../db/downgrade-schema";
import { hosts, type instances } from "../../db/market-schema";
import type { ResizeQuote } from "../../rules/instance-resize";
import { formatMoney } from "../../rules/money";
import { refundableOf, splitDowngradeRefund } from "../../rules/package-refund";
import type { Caller } from "../context";
import { fail } from "../errors";
import { giveBackSubAccountSpending } from "../sub-accounts/budget";
import { postNewToLockedAccount, type Balances, refundMovements } from "../wallet/ledger";
import { instancePaidPeriods } from "./refund";

type InstanceRow = typeof instances.$inferSelect;
type DowngradeQuote = Extract<ResizeQuote, { kind: "package_downgrade" }>;
export type Downgrade = typeof instanceDowngrades.$inferSelect;

/** The ledger's operation key of a downgrade's refund: the resize form's key. */
export const downgradeOperationKey = (operationKey: string): string => `downgrade:${operationKey}`;

/** What the instance's paid orders can still give back (paid minus earlier refunds), and its paid periods. */
export async function downgradeRefundable(db: Db, row: InstanceRow) {
  const periods = (await instancePaidPeriods(db, row)).map((o) => o.period);
  return { periods, refundableFen: refundableOf(periods).totalFen };
}

/**
 * The downgrade an earlier submission of the same form made, if any: the same key again answers it and moves
 * nothing. A key that refunded another instance is OPERATION_CONFLICT.
 */
export async function earlierDowngrade(
  tx: Db,
  caller: Caller,
  row: InstanceRow,
  operationKey: string,
): Promise<Downgrade | undefined> {
  const [earlier] = await tx
    .select()
    .from(instanceDowngrades)
    .where(and(eq(instanceDowngrades.userId, caller.userId), eq(instanceDowngrades.operationKey, operationKey)));
  if (earlier && earlier.instanceId !== row.id) fail("OPERATION_CONFLICT");
  return earlier;
}

/** The refund in the words of the ledger and the instance's log. */
export function downgradeNote(row: InstanceRow, quote: DowngradeQuote, split: { voucherFen: number; cashFen: number }) {
  return (
    `降配：GPU 由 ${row.gpuCount} 卡调整为 ${quote.toGpuCount} 卡；${quote.explanation}` +
    `（算力券 ${formatMoney(split.voucherFen)}，余额 ${formatMoney(split.cashFen)}）`
  );
}

/**
 * Refunds a downgrade already quoted (`quote`, with the refundable amount read in this transaction) and checked
 * against the figure the page showed (resize.ts: REFUND_CHANGED): records the negative period,
 * posts one refund entry per wallet (referring to the instance, the explanation as the note) and frees the
 * removed GPUs' slots on the host. The caller then sets the GPU count by a conditional update.
 */
export async function refundDowngrade(
  tx: Db,
  now: Date,
  caller: Caller,
  balances: Balances,
  input: {
    row: InstanceRow;
    quote: DowngradeQuote;
    periods: Awaited<ReturnType<typeof downgradeRefundable>>["periods"];
    operationKey: string;
  },
): Promise<{ voucherFen: number; cashFen: number; note: string }> {
  const { row, quote } = input;
  const split = splitDowngradeRefund(quote.refundFen, input.periods);
  const note = downgradeNote(row, quote, split);
  await tx.insert(instanceDowngrades).values({
    userId: caller.userId,
    subAccountId: row.subAccountId,
    instanceId: row.id,
    operationKey: input.operationKey,
    fromGpuCount: row.gpuCount,
    toGpuCount: quote.toGpuCount,
    periodStart: now,
    periodEnd: row.packageExpiresAt!,
    voucherFen: split.voucherFen,
    cashFen: split.cashFen,
    detail: quote as unknown as Record<string, unknown>,
    explanation: note,
    createdAt: now,
  });
  const movements = refundMovements(split);
  if (movements.length > 0)
    await postNewToLockedAccount(
      tx,
      now,
      {
        userId: caller.userId,
        operationKey: downgradeOperationKey(input.operationKey),
        refersTo: `instance:${row.uuid}`,
        movements,
        note,
      },
      balances,
    );
  await tx
    .update(hosts)
    .set({ gpuFree: sql`${hosts.gpuFree} + ${quote.removedGpus}` })
    .where(eq(hosts.id, row.hostId));
  // A sub-account's rental counted against its limit (decision 033): what comes back no longer does, as with a
  // stop-with-refund (refund.ts).
  const refundFen = split.voucherFen + split.cashFen;
  if (row.subAccountId !== null) await giveBackSubAccountSpending(tx, now, row.subAccountId, refundFen);
  return { ...split, note };
}
