/**
 * The ledger (issue 10 §1): append-only entries, balances on the account row
 * equal to the sum of entries, CHECK constraints, idempotent postings and
 * postings that hold under concurrency. Runs on PGlite and, in CI, on
 * PostgreSQL (scripts/with-postgres.sh), where the concurrent postings really
 * race.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, users } from "../../db/schema";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { DomainError } from "../errors";
import { ledgerSums, postToLedger, type Posting } from "./ledger";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

let keys = 0;
const key = () => `test-${Date.now()}-${++keys}`;

async function balancesOf(userId: number) {
  const [row] = await t.db
    .select({
      cash: users.moneyFen,
      voucher: users.powerMoneyFen,
      credit: users.creditQuotaFen,
      accumulated: users.accumulatedTopUpFen,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

/** The account row's balances equal the sums of its entries, wallet by wallet. */
async function expectBalancedLedger(userId: number) {
  const row = await balancesOf(userId);
  const sums = await ledgerSums(t.ctx, userId);
  expect({ cash: row.cash, voucher: row.voucher, credit: row.credit }).toEqual(sums);
}

const topUp = (userId: number, amountFen: number, operationKey = key()): Posting => ({
  userId,
  operationKey,
  refersTo: `recharge:${operationKey}`,
  movements: [{ wallet: "cash", kind: "top_up", amountFen }],
});

const purchase = (userId: number, amountFen: number, operationKey = key()): Posting => ({
  userId,
  operationKey,
  refersTo: `instance:${operationKey}`,
  movements: [{ wallet: "cash", kind: "purchase", amountFen: -amountFen }],
});

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error.key;
    throw error;
  }
  return "posted";
};

describe("posting", () => {
  it("a top-up credits cash and the cumulative top-up, with the balance after on the entry", async () => {
    const { userId } = await t.registerUser();
    const first = await postToLedger(t.ctx, topUp(userId, 100_00));
    const second = await postToLedger(t.ctx, topUp(userId, 50_05));
    expect(first.entries).toMatchObject([
      { wallet: "cash", kind: "top_up", amountFen: 100_00, balanceAfterFen: 100_00 },
    ]);
    expect(second.entries[0]!.balanceAfterFen).toBe(150_05);
    expect(await balancesOf(userId)).toEqual({ cash: 150_05, voucher: 0, credit: 0, accumulated: 150_05 });
    await expectBalancedLedger(userId);
  });

  it("a posting moves several wallets together: vouchers then cash for one purchase", async () => {
    const { userId } = await t.registerUser();
    await postToLedger(t.ctx, topUp(userId, 10_00));
    await postToLedger(t.ctx, {
      userId,
      operationKey: key(),
      refersTo: "voucher:grant",
      movements: [{ wallet: "voucher", kind: "voucher", amountFen: 3_00 }],
    });
    const paid = await postToLedger(t.ctx, {
      userId,
      operationKey: key(),
      refersTo: "instance:1",
      movements: [
        { wallet: "voucher", kind: "purchase", amountFen: -3_00 },
        { wallet: "cash", kind: "purchase", amountFen: -4_50 },
      ],
    });
    expect(paid.entries.map((e) => [e.seq, e.wallet, e.balanceAfterFen])).toEqual([
      [0, "voucher", 0],
      [1, "cash", 5_50],
    ]);
    expect(await balancesOf(userId)).toMatchObject({ cash: 5_50, voucher: 0, accumulated: 10_00 });
    await expectBalancedLedger(userId);
  });

  it("refuses what the balances cannot pay and moves nothing; a credit quota lets cash go below zero to its size", async () => {
    const { userId } = await t.registerUser();
    await postToLedger(t.ctx, topUp(userId, 5_00));
    expect(await refusal(postToLedger(t.ctx, purchase(userId, 5_01)))).toBe("BALANCE_INSUFFICIENT");
    expect(await balancesOf(userId)).toMatchObject({ cash: 5_00 });
    await postToLedger(t.ctx, {
      userId,
      operationKey: key(),
      refersTo: "credit:grant",
      movements: [{ wallet: "credit", kind: "credit", amountFen: 20_00 }],
    });
    await postToLedger(t.ctx, purchase(userId, 25_00));
    expect(await balancesOf(userId)).toMatchObject({ cash: -20_00, credit: 20_00 });
    expect(await refusal(postToLedger(t.ctx, purchase(userId, 1)))).toBe("BALANCE_INSUFFICIENT");
    // Nor can the quota be withdrawn while cash leans on it.
    expect(
      await refusal(
        postToLedger(t.ctx, {
          userId,
          operationKey: key(),
          refersTo: "credit:revoke",
          movements: [{ wallet: "credit", kind: "credit", amountFen: -1 }],
        }),
      ),
    ).toBe("BALANCE_INSUFFICIENT");
    await expectBalancedLedger(userId);
  });

  it("refuses an empty posting, a zero or fractional amount, and an unknown account", async () => {
    const { userId } = await t.registerUser();
    expect(await refusal(postToLedger(t.ctx, { ...topUp(userId, 1), movements: [] }))).toBe("BAD_REQUEST");
    expect(await refusal(postToLedger(t.ctx, topUp(userId, 0)))).toBe("BAD_REQUEST");
    expect(await refusal(postToLedger(t.ctx, topUp(userId, 1.5)))).toBe("BAD_REQUEST");
    expect(await refusal(postToLedger(t.ctx, topUp(userId, 1, "")))).toBe("BAD_REQUEST");
    expect(await refusal(postToLedger(t.ctx, topUp(999_999_999, 1)))).toBe("NOT_FOUND");
    expect(await ledgerSums(t.ctx, userId)).toEqual({ cash: 0, voucher: 0, credit: 0 });
  });
});

describe("idempotency", () => {
  it("the same operation key posts once; a replay returns the first entries", async () => {
    const { userId } = await t.registerUser();
    const k = key();
    const first = await postToLedger(t.ctx, topUp(userId, 100_00, k));
    const again = await postToLedger(t.ctx, topUp(userId, 100_00, k));
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ entries: first.entries, replayed: true });
    expect(await balancesOf(userId)).toMatchObject({ cash: 100_00, accumulated: 100_00 });
  });

  it("a key replayed with other movements is refused, not posted", async () => {
    const { userId } = await t.registerUser();
    const k = key();
    await postToLedger(t.ctx, topUp(userId, 100_00, k));
    expect(await refusal(postToLedger(t.ctx, topUp(userId, 200_00, k)))).toBe("OPERATION_CONFLICT");
    expect(await balancesOf(userId)).toMatchObject({ cash: 100_00 });
  });

  it("keys are per account: another account may use the same key", async () => {
    const a = await t.registerUser();
    const b = await t.registerUser();
    const k = key();
    await postToLedger(t.ctx, topUp(a.userId, 1_00, k));
    expect((await postToLedger(t.ctx, topUp(b.userId, 2_00, k))).replayed).toBe(false);
    expect((await balancesOf(b.userId)).cash).toBe(2_00);
  });
});

describe("concurrency", () => {
  it("20 purchases of ¥1 at once against ¥10: exactly 10 pass, the balance ends at zero", async () => {
    const { userId } = await t.registerUser();
    await postToLedger(t.ctx, topUp(userId, 10_00));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => refusal(postToLedger(t.ctx, purchase(userId, 1_00)))),
    );
    expect(results.filter((r) => r === "posted")).toHaveLength(10);
    expect(results.filter((r) => r === "BALANCE_INSUFFICIENT")).toHaveLength(10);
    expect((await balancesOf(userId)).cash).toBe(0);
    await expectBalancedLedger(userId);
  });

  it("10 copies of one top-up at once credit it once", async () => {
    const { userId } = await t.registerUser();
    const k = key();
    const results = await Promise.all(Array.from({ length: 10 }, () => postToLedger(t.ctx, topUp(userId, 88_88, k))));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await balancesOf(userId)).toMatchObject({ cash: 88_88, accumulated: 88_88 });
    await expectBalancedLedger(userId);
  });
});

describe("the database itself refuses invalid states", () => {
  it("entries cannot be changed or deleted", async () => {
    const { userId } = await t.registerUser();
    const { entries } = await postToLedger(t.ctx, topUp(userId, 1_00));
    const id = entries[0]!.id;
    await expect(
      t.db.update(ledgerEntries).set({ amountFen: 1_000_00 }).where(eq(ledgerEntries.id, id)),
    ).rejects.toThrow();
    await expect(t.db.delete(ledgerEntries).where(eq(ledgerEntries.id, id))).rejects.toThrow();
    await expectBalancedLedger(userId);
  });

  it("CHECK constraints: no zero amount, no unknown wallet or kind, no negative voucher balance", async () => {
    const { userId } = await t.registerUser();
    const row = {
      userId,
      wallet: "cash" as const,
      kind: "adjustment" as const,
      amountFen: 1,
      balanceAfterFen: 1,
      operationKey: key(),
      seq: 0,
      refersTo: "test",
    };
    await expect(t.db.insert(ledgerEntries).values({ ...row, amountFen: 0 })).rejects.toThrow();
    await expect(
      t.db.execute(
        sql`insert into ledger_entries (user_id, wallet, kind, amount_fen, balance_after_fen, operation_key, seq, refers_to) values (${userId}, 'gold', 'adjustment', 1, 1, ${key()}, 0, 'x')`,
      ),
    ).rejects.toThrow();
    await expect(
      t.db.execute(
        sql`insert into ledger_entries (user_id, wallet, kind, amount_fen, balance_after_fen, operation_key, seq, refers_to) values (${userId}, 'cash', 'gift', 1, 1, ${key()}, 0, 'x')`,
      ),
    ).rejects.toThrow();
    await expect(
      t.db.insert(ledgerEntries).values({ ...row, wallet: "voucher", amountFen: -1, balanceAfterFen: -1 }),
    ).rejects.toThrow();
    await expect(t.db.update(users).set({ powerMoneyFen: -1 }).where(eq(users.id, userId))).rejects.toThrow();
    await expect(t.db.update(users).set({ moneyFen: -1 }).where(eq(users.id, userId))).rejects.toThrow();
  });
});
