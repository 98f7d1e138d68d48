import { and, eq, sql } from "drizzle-orm";
import { storeItems, storeOrders } from "../../db/points-store-schema";
import { inTransaction } from "../../db/tx";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { num, rowsOf } from "../finance/rows";
import { takePoints } from "../points/ledger";
import { grantCoupon, grantVouchers } from "./grant";
import { pointsMainAccountOnly } from "./main-account";
import { orderByKey, type StoreOrder } from "./orders";

type StoreCtx = Pick<Ctx, "db" | "now">;

export interface ShippingAddress {
  recipient: string;
  phone: string;
  address: string;
}

export interface ExchangeInput {
  itemId: number;
  /** The form's key (made when the page rendered it): the same key again answers the first order. */
  operationKey: string;
  /** Physical goods only. */
  shipping?: ShippingAddress;
}

/**
 * Exchanges points for one item, all in one transaction (docs/decisions/117): the points are taken first (that holds
 * the account's points lock, so one account's exchanges run one after another and a replayed key is found under
 * it), then the per-user count goes up only while under the limit, then the stock goes down only while above 0
 * (`update … where stock > 0 returning`: the last item goes to one caller), then the item is granted (a coupon, or
 * vouchers through the money ledger) and the order written. Any refusal rolls all of it back.
 */
export async function exchangeStoreItem(
  ctx: StoreCtx,
  caller: Caller,
  input: ExchangeInput,
): Promise<{ order: StoreOrder; replayed: boolean }> {
  pointsMainAccountOnly(caller);
  const userId = caller.userId;
  const [item] = await ctx.db
    .select()
    .from(storeItems)
    .where(and(eq(storeItems.id, input.itemId), eq(storeItems.onSale, true)));
  if (!item) return fail("NOT_FOUND", "item_id", "商品不存在或已下架");
  if (item.kind === "goods" && !input.shipping) return fail("BAD_REQUEST", "address", "请填写收货地址");
  const operationKey = `store:${input.operationKey}`;
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const taken = await takePoints(
      { db: tx, now: () => now },
      {
        userId,
        kind: "exchange",
        points: item.pointsPrice,
        mode: "all",
        operationKey,
        refersTo: `store_item:${item.id}`,
        note: item.name.slice(0, 100),
      },
    );
    if (taken.replayed) {
      const first = await orderByKey(tx, userId, input.operationKey);
      if (!first || first.itemId !== item.id) return fail("OPERATION_CONFLICT");
      return { order: first, replayed: true };
    }
    const [counted] = await rowsOf<{ taken: unknown }>(
      tx,
      sql`insert into store_item_takers (user_id, item_id, taken) values (${userId}, ${item.id}, 1)
          on conflict (user_id, item_id) do update set taken = store_item_takers.taken + 1
          where store_item_takers.taken < ${item.perUserLimit}
          returning taken`,
    );
    if (!counted) return fail("STORE_LIMIT_REACHED", "item_id", `该商品每人限兑 ${item.perUserLimit} 件，您已兑满`);
    const [left] = await rowsOf<{ stock: unknown }>(
      tx,
      sql`update store_items set stock = stock - 1 where id = ${item.id} and stock > 0 and on_sale returning stock`,
    );
    if (!left) return fail("STORE_ITEM_SOLD_OUT", "item_id");
    const couponId =
      item.kind === "coupon" && item.couponGroupId !== null
        ? await grantCoupon(tx, userId, item.couponGroupId, now)
        : null;
    if (item.kind === "voucher" && item.voucherFen !== null) {
      await grantVouchers(tx, () => now, { userId, amountFen: item.voucherFen, operationKey, itemName: item.name });
    }
    const goods = item.kind === "goods";
    const [order] = await tx
      .insert(storeOrders)
      .values({
        userId,
        itemId: item.id,
        kind: item.kind,
        itemName: item.name,
        points: item.pointsPrice,
        status: goods ? "pending_shipment" : "completed",
        operationKey: input.operationKey,
        couponId,
        voucherFen: item.kind === "voucher" ? item.voucherFen : null,
        recipient: goods ? input.shipping!.recipient : null,
        phone: goods ? input.shipping!.phone : null,
        address: goods ? input.shipping!.address : null,
        createdAt: now,
        completedAt: goods ? null : now,
      })
      .returning({ id: storeOrders.id });
    const written = await orderByKey(tx, userId, input.operationKey);
    if (!written || written.id !== num(order!.id)) return fail("INTERNAL");
    return { order: written, replayed: false };
  });
}
