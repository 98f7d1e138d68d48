import { randomUUID } from "node:crypto";
import { z } from "zod";
import {
  confirmStoreOrderReceived,
  exchangeStoreItem,
  getPointsSummary,
  getStoreItems,
  getStoreOrders,
} from "~/upstream/points-store.server";
import { formAction } from "./action.server";
import { getRequestUser, getSessionToken, requireMainAccount } from "./session.server";
import { SUB_ACCOUNT_STORE_REFUSAL } from "./score-store-text";
import { redirectWithToast } from "./toast.server";
import { loadPage } from "./upstream-errors.server";

const STALE = "请求有误，请刷新页面后重试";
const itemId = z.coerce.number({ invalid_type_error: STALE }).int(STALE).positive(STALE);
const operationKey = z.string({ required_error: STALE }).regex(/^[A-Za-z0-9_-]{8,64}$/, STALE);

const ExchangeSchema = z.object({
  item_id: itemId,
  operation_key: operationKey,
  recipient: z.string().max(200).optional(),
  phone: z.string().max(200).optional(),
  address: z.string().max(400).optional(),
});

const ConfirmSchema = z.object({ order_id: itemId });

/**
 * /scoreStore (public): everyone sees the catalogue; a signed-in main account also its points, its points
 * ledger, the exchange forms and its orders; a sub-account is told the store is its main account's.
 */
export async function scoreStoreLoader(request: Request) {
  return loadPage(request, async () => {
    const [token, user] = await Promise.all([getSessionToken(request), getRequestUser(request)]);
    const main = token && user && !user.SubAccount ? token : null;
    const [catalogue, summary, orders] = await Promise.all([
      getStoreItems(main),
      main ? getPointsSummary(main) : Promise.resolve(null),
      main ? getStoreOrders(main) : Promise.resolve(null),
    ]);
    return {
      viewer: main ? ("main" as const) : user?.SubAccount ? ("sub" as const) : ("visitor" as const),
      items: catalogue.items,
      summary,
      orders: orders?.orders ?? [],
      // One key per rendering; each item's form adds its id, so a resubmitted form exchanges nothing more.
      operationKey: randomUUID(),
    };
  });
}

export function scoreStoreAction(request: Request) {
  return formAction(request, {
    guard: (r) => requireMainAccount(r, SUB_ACCOUNT_STORE_REFUSAL),
    intents: (intent) => ({
      exchange: intent(ExchangeSchema, async (input, { guard }) => {
        const goods = input.recipient !== undefined || input.phone !== undefined || input.address !== undefined;
        const { order, Replayed } = await exchangeStoreItem(guard.token, {
          itemId: input.item_id,
          operationKey: input.operation_key,
          shipping: goods
            ? { recipient: input.recipient ?? "", phone: input.phone ?? "", address: input.address ?? "" }
            : undefined,
        });
        const what =
          order.Kind === "coupon"
            ? "优惠券已放入“我的优惠券”"
            : order.Kind === "voucher"
              ? "算力券已计入算力券余额"
              : "我们将尽快发货";
        const message = Replayed ? `该兑换已提交过：${order.ItemName}` : `兑换成功：${order.ItemName}，${what}`;
        return redirectWithToast("/scoreStore#orders", { type: "success", message });
      }),
      confirm: intent(ConfirmSchema, async (input, { guard }) => {
        await confirmStoreOrderReceived(guard.token, input.order_id);
        return redirectWithToast("/scoreStore#orders", { type: "success", message: "已确认收货" });
      }),
    }),
  });
}
