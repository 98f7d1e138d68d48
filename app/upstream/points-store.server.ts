import type {
  PointsSummaryWire,
  PointsStoreCalls,
  StoreItemWire,
  StoreOrderWire,
} from "../../platform/contract/points-store";
import { callApiOrThrow, type CallOptions } from "./transport.server";

export type { PointsSummaryWire, StoreItemWire, StoreOrderWire };

/** One points-store call, its fields and reply typed by the contract (platform/contract/points-store.ts). */
function call<P extends keyof PointsStoreCalls>(
  path: P,
  input: PointsStoreCalls[P]["input"],
  options: CallOptions = {},
) {
  return callApiOrThrow<PointsStoreCalls[P]["data"]>(path, input, options);
}

/** The catalogue; with a main account's session, how many of each it has exchanged. */
export function getStoreItems(session: string | null) {
  return call("/get_score_store_items", {}, { session });
}

export function getPointsSummary(session: string) {
  return call("/get_points_summary", {}, { session });
}

export function getStoreOrders(session: string) {
  return call("/get_store_orders", {}, { session });
}

/** Exchanges points for an item; `operationKey` comes from the form, so a resubmission takes nothing more. */
export function exchangeStoreItem(
  session: string,
  input: { itemId: number; operationKey: string; shipping?: { recipient: string; phone: string; address: string } },
) {
  return call(
    "/exchange_store_item",
    { item_id: input.itemId, operation_key: input.operationKey, ...input.shipping },
    { session },
  );
}

export function confirmStoreOrderReceived(session: string, orderId: number) {
  return call("/confirm_store_order_received", { order_id: orderId }, { session });
}
