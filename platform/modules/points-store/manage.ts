import { eq } from "drizzle-orm";
import { storeItems, type StoreItemKind } from "../../db/points-store-schema";
import { couponGroups } from "../../db/wallet-schema";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { stockEdit } from "../../rules/stock-edit";

type StoreCtx = Pick<Ctx, "db" | "now">;
export type StoreItemRow = typeof storeItems.$inferSelect;

export interface StoreItemInput {
  kind: StoreItemKind;
  name: string;
  description?: string;
  pointsPrice: number;
  stock: number;
  perUserLimit: number;
  onSale?: boolean;
  couponGroupId?: number;
  voucherFen?: number;
  sortOrder?: number;
}

const MAX_COUNT = 10_000_000;

function check(condition: boolean, field: string, detail: string): void {
  if (!condition) fail("BAD_REQUEST", field, detail);
}

const whole = (value: number, min: number) => Number.isSafeInteger(value) && value >= min && value <= MAX_COUNT;

/**
 * Adds an item to the catalogue (operators: `npm run ops -- store item add`, audited; the demo seed). A coupon
 * item names an existing coupon group and, as each account holds at most one coupon of a group, allows one per
 * account; a voucher item an amount of vouchers; goods need an address at exchange.
 */
export async function addStoreItem(ctx: StoreCtx, input: StoreItemInput): Promise<StoreItemRow> {
  const name = input.name.trim();
  check(name.length >= 1 && name.length <= 60, "name", "名称需为1-60个字");
  check((input.description ?? "").length <= 300, "description", "说明最多300个字");
  check(whole(input.pointsPrice, 1), "points", "积分价格需为正整数");
  check(whole(input.stock, 0), "stock", "库存需为非负整数");
  check(whole(input.perUserLimit, 1), "limit", "每人限兑需为正整数");
  if (input.kind === "coupon") {
    check(input.couponGroupId !== undefined, "coupon_group", "优惠券商品需指定优惠券组");
    check(input.perUserLimit === 1, "limit", "每人只能持有一张同组优惠券，限兑需为1");
    const [group] = await ctx.db
      .select({ id: couponGroups.id })
      .from(couponGroups)
      .where(eq(couponGroups.id, input.couponGroupId!));
    if (!group) fail("NOT_FOUND", "coupon_group", "优惠券组不存在");
  } else check(input.couponGroupId === undefined, "coupon_group", "只有优惠券商品可以指定优惠券组");
  if (input.kind === "voucher") check(whole(input.voucherFen ?? 0, 1), "voucher", "算力券金额需为正数");
  else check(input.voucherFen === undefined, "voucher", "只有算力券商品可以指定金额");
  const [row] = await ctx.db
    .insert(storeItems)
    .values({
      kind: input.kind,
      name,
      description: input.description?.trim() ?? "",
      pointsPrice: input.pointsPrice,
      stock: input.stock,
      perUserLimit: input.perUserLimit,
      onSale: input.onSale ?? true,
      couponGroupId: input.couponGroupId ?? null,
      voucherFen: input.voucherFen ?? null,
      sortOrder: input.sortOrder ?? 0,
      createdAt: ctx.now(),
    })
    .returning();
  return row!;
}

/**
 * Changes an item's name, description, price, stock, limit, order or sale state (operators: `store item set`; the
 * desk's 积分商城; both audited). Its kind, coupon group and voucher amount stay what they were.
 */
export async function setStoreItem(
  ctx: StoreCtx,
  itemId: number,
  change: {
    name?: string;
    description?: string;
    pointsPrice?: number;
    stock?: number;
    perUserLimit?: number;
    onSale?: boolean;
    sortOrder?: number;
    /** The stock the desk form showed (rules/stock-edit.ts); absent from operator commands. */
    stockShown?: number;
  },
): Promise<{ before: StoreItemRow; after: StoreItemRow }> {
  const { stockShown, ...fields } = change;
  change = fields;
  if (Object.values(change).every((value) => value === undefined)) fail("BAD_REQUEST", undefined, "没有要修改的内容");
  const [before] = await ctx.db.select().from(storeItems).where(eq(storeItems.id, itemId)).for("update");
  if (!before) return fail("NOT_FOUND", "id", "商品不存在");
  const edit = stockEdit(before.stock, change.stock, stockShown);
  if ("refused" in edit) return fail("BAD_REQUEST", "stock", edit.refused);
  change = { ...change, stock: edit.stock };
  if (change.name !== undefined) {
    change = { ...change, name: change.name.trim() };
    check(change.name!.length >= 1 && change.name!.length <= 60, "name", "名称需为1-60个字");
  }
  if (change.description !== undefined) {
    change = { ...change, description: change.description.trim() };
    check(change.description!.length <= 300, "description", "说明最多300个字");
  }
  if (change.sortOrder !== undefined)
    check(Number.isSafeInteger(change.sortOrder) && Math.abs(change.sortOrder) <= MAX_COUNT, "order", "排序需为整数");
  if (change.pointsPrice !== undefined) check(whole(change.pointsPrice, 1), "points", "积分价格需为正整数");
  if (change.stock !== undefined) check(whole(change.stock, 0), "stock", "库存需为非负整数");
  if (change.perUserLimit !== undefined) {
    check(whole(change.perUserLimit, 1), "limit", "每人限兑需为正整数");
    check(before.kind !== "coupon" || change.perUserLimit === 1, "limit", "每人只能持有一张同组优惠券，限兑需为1");
  }
  // Only the stock was sent, and users moved it meanwhile: nothing of this form's is left to write.
  if (Object.values(change).every((value) => value === undefined)) return { before, after: before };
  const [after] = await ctx.db.update(storeItems).set(change).where(eq(storeItems.id, itemId)).returning();
  return { before, after: after! };
}
