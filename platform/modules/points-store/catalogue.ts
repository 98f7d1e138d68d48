import { and, asc, eq, sql } from "drizzle-orm";
import { storeItemTakers, storeItems, type StoreItemKind } from "../../db/points-store-schema";
import type { Caller, Ctx } from "../context";

type StoreCtx = Pick<Ctx, "db" | "now">;

export interface StoreItem {
  id: number;
  kind: StoreItemKind;
  name: string;
  description: string;
  pointsPrice: number;
  stock: number;
  perUserLimit: number;
  voucherFen: number | null;
  /** How many of it the caller has exchanged (0 for a visitor). */
  taken: number;
}

/** The items on sale, in their order; with the caller's exchanged counts when signed in as a main account. */
export async function listStoreItems(ctx: StoreCtx, caller: Caller | null): Promise<StoreItem[]> {
  const userId = caller && caller.subAccountId === null ? caller.userId : 0;
  const rows = await ctx.db
    .select({
      id: storeItems.id,
      kind: storeItems.kind,
      name: storeItems.name,
      description: storeItems.description,
      pointsPrice: storeItems.pointsPrice,
      stock: storeItems.stock,
      perUserLimit: storeItems.perUserLimit,
      voucherFen: storeItems.voucherFen,
      taken: sql<number>`coalesce(${storeItemTakers.taken}, 0)`.mapWith(Number),
    })
    .from(storeItems)
    .leftJoin(storeItemTakers, and(eq(storeItemTakers.itemId, storeItems.id), eq(storeItemTakers.userId, userId)))
    .where(eq(storeItems.onSale, true))
    .orderBy(asc(storeItems.sortOrder), asc(storeItems.id));
  return rows;
}
