import type {
  DeskMarketingCalls,
  DeskPartnerWire,
  DeskRaffleDrawWire,
  DeskRaffleWire,
  DeskRefusedBindingWire,
  DeskStoreItemAddFields,
  DeskStoreItemSetFields,
  DeskStoreItemWire,
  DeskStoreOrderWire,
} from "../../platform/contract/marketing-desk";
import { staffCall, type StaffAuth } from "./desk.server";

export type {
  DeskMarketingCalls,
  DeskPartnerWire,
  DeskRaffleDrawWire,
  DeskRaffleWire,
  DeskRefusedBindingWire,
  DeskStoreItemAddFields,
  DeskStoreItemSetFields,
  DeskStoreItemWire,
  DeskStoreOrderWire,
};

/** 积分商城 (marketing and admins). */
export const getDeskStoreItems = (auth: StaffAuth) => staffCall("/points-store/items", {}, auth);
export const getDeskStoreItem = (auth: StaffAuth, id: number) => staffCall("/points-store/items/detail", { id }, auth);
export const addDeskStoreItem = (auth: StaffAuth, fields: DeskStoreItemAddFields) =>
  staffCall("/points-store/items/add", fields, auth);
export const setDeskStoreItem = (auth: StaffAuth, fields: DeskStoreItemSetFields) =>
  staffCall("/points-store/items/set", fields, auth);
export const getDeskStoreOrders = (auth: StaffAuth, view: "pending" | "shipped", page: number, pageSize: number) =>
  staffCall("/points-store/orders", { view, page, page_size: pageSize }, auth);
/** One order's full contact phone for its label; the platform audits each read. */
export const readDeskShippingLabel = (auth: StaffAuth, id: number) =>
  staffCall("/points-store/orders/label", { id }, auth);
export const shipDeskStoreOrder = (auth: StaffAuth, id: number, carrier: string, trackingNo: string) =>
  staffCall("/points-store/orders/ship", { id, carrier, tracking_no: trackingNo }, auth);

/** 周年抽奖 (marketing and admins). */
export const getDeskRaffle = (auth: StaffAuth) => staffCall("/raffle/detail", {}, auth);
export const getDeskRaffleDraws = (auth: StaffAuth, page: number, pageSize: number) =>
  staffCall("/raffle/draws", { page, page_size: pageSize }, auth);
export const setDeskRaffleWindow = (auth: StaffAuth, startsAt: string, endsAt: string) =>
  staffCall("/raffle/window", { starts_at: startsAt, ends_at: endsAt }, auth);
export const setDeskRafflePrize = (
  auth: StaffAuth,
  fields: { id: number; stock: string; stock_shown: string; weight: string; active: "0" | "1" },
) => staffCall("/raffle/prize/set", fields, auth);

/** 销售合伙人 (finance and admins). */
export const getDeskPartners = (auth: StaffAuth, page: number, pageSize: number) =>
  staffCall("/partners/list", { page, page_size: pageSize }, auth);
export const getDeskRefusedBindings = (auth: StaffAuth, page: number, pageSize: number) =>
  staffCall("/partners/refused", { page, page_size: pageSize }, auth);
