import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { voucherOffers } from "./wallet-schema";

/** The compute-voucher offers of a fresh installation: ¥100 → ¥100, ¥1000 → ¥1030, ¥5000 → ¥5250. */
export const VOUCHER_OFFERS = [
  { priceFen: 100_00, voucherFen: 100_00, sortOrder: 1 },
  { priceFen: 1_000_00, voucherFen: 1_030_00, sortOrder: 2 },
  { priceFen: 5_000_00, voucherFen: 5_250_00, sortOrder: 3 },
] as const;

/** Idempotent: seeds the offers once, when there are none (operators may change them afterwards). */
export async function seedVoucherOffers(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(voucherOffers);
  if (Number(n) > 0) return;
  await db.insert(voucherOffers).values(VOUCHER_OFFERS.map((o) => ({ ...o, active: true })));
}
