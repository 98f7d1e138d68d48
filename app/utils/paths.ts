/**
 * Paths of the routes that take a parameter, built in one place so a page
 * never spells a route's URL by hand. One builder per `$param` route file in
 * app/routes; each encodes its parameter, so any value yields a path to that
 * route and no other. Plain routes ("/inform", "/console/safe") are written as
 * they are. The splat mounts (api.$, sandbox.$, third-party.$) are the
 * platform's own HTTP surface, not pages, and have no builder here.
 */

import { formatDate } from "./format";

/** app/routes/informDetail.$id.tsx: one notice. */
export function informDetailPath(id: number): string {
  return `/informDetail/${encodeURIComponent(String(id))}`;
}

/** app/routes/resources.contact-qr.$key.ts: the contact widget's QR code image for `key`. */
export function contactQrPath(key: string): string {
  return `/resources/contact-qr/${encodeURIComponent(key)}`;
}

/** app/routes/console.pay.tsx: one top-up order's payment page (QR, or the transfer's instructions). */
export function payPath(outTradeNo: string): string {
  return `/console/pay?out_trade_no=${encodeURIComponent(outTradeNo)}`;
}

/** app/routes/console.recharge.tsx, its amount filled in (yuan, e.g. "12.50") when given: the fast-pay fallback. */
export function rechargePath(amountYuan?: string): string {
  return amountYuan ? `/console/recharge?amount=${encodeURIComponent(amountYuan)}` : "/console/recharge";
}

/** app/routes/resources.order-status.$outTradeNo.ts: a top-up order's status as JSON, polled every 2 s. */
export function orderStatusPath(outTradeNo: string): string {
  return `/resources/order-status/${encodeURIComponent(outTradeNo)}`;
}

/** app/routes/resources.payment.$outTradeNo.ts: a top-up order's payment panel data, reloaded by a dialog. */
export function paymentResourcePath(outTradeNo: string): string {
  return `/resources/payment/${encodeURIComponent(outTradeNo)}`;
}

/** app/routes/console.coupon.use.$id.tsx: the confirm page for using recharge voucher `id`. */
export function couponUsePath(id: number): string {
  return `/console/coupon/use/${encodeURIComponent(String(id))}`;
}

/** app/routes/console.createWorkOrder.selectQuestion.tsx: the categories, with question `questionId`'s documents shown. */
export function selectQuestionPath(questionId?: number): string {
  return questionId === undefined
    ? "/console/createWorkOrder/selectQuestion"
    : `/console/createWorkOrder/selectQuestion?question=${encodeURIComponent(String(questionId))}`;
}

/** app/routes/console.createWorkOrder.submit.$id.$question.$resource_type.tsx: the work-order form. */
export function submitWorkOrderPath(categoryId: number, questionId: number, resourceType: string): string {
  return `/console/createWorkOrder/submit/${encodeURIComponent(String(categoryId))}/${encodeURIComponent(
    String(questionId),
  )}/${encodeURIComponent(resourceType)}`;
}

/** app/routes/console.createWorkOrder.myWorkOrder.tsx: the caller's work orders, by status tab and page. */
export function myWorkOrderPath(status?: string, page?: number): string {
  const query = new URLSearchParams();
  if (status) query.set("status", status);
  if (page && page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `/console/createWorkOrder/myWorkOrder?${search}` : "/console/createWorkOrder/myWorkOrder";
}

/** app/routes/console.createWorkOrder.myWorkOrderDetail.$id.tsx: one work order and its thread. */
export function myWorkOrderDetailPath(id: number): string {
  return `/console/createWorkOrder/myWorkOrderDetail/${encodeURIComponent(String(id))}`;
}

/** app/routes/console.createWorkOrder.myWorkOrderDetail.$id_.revoke.tsx: the confirm page for revoking a work order. */
export function revokeWorkOrderPath(id: number): string {
  return `/console/createWorkOrder/myWorkOrderDetail/${encodeURIComponent(String(id))}/revoke`;
}

/** app/routes/desk.orders.$id.tsx: one work order in the staff desk. */
export function deskOrderPath(id: number): string {
  return `/desk/orders/${encodeURIComponent(String(id))}`;
}

/** app/routes/desk_.files.$id.ts: a work-order file as staff fetch it (the desk's own session, never the user's). */
export function deskFilePath(id: number): string {
  return `/desk/files/${encodeURIComponent(String(id))}`;
}

/** app/routes/desk_.orders.$id.upload.ts: the desk editor's image upload for one order (the staff session). */
export function deskOrderUploadPath(id: number): string {
  return `${deskOrderPath(id)}/upload`;
}

/** What a store offer links to: the rental form preset to a machine type, region and GPU model (issue 12 §2–3). */
export interface OfferChoice {
  type: "kvm" | "docker";
  region: string;
  gpu: string;
  gpus?: number;
}

/** app/routes/createInstance.tsx: the rental form, preset to an offer of the store. */
export function createInstancePath(offer: OfferChoice): string {
  const query = new URLSearchParams({ type: offer.type, region: offer.region, gpu: offer.gpu });
  if (offer.gpus) query.set("gpus", String(offer.gpus));
  return `/createInstance?${query.toString()}`;
}

/** app/routes/store.tsx with its filters (a GET form; every combination has a URL). */
export function storePath(filters: Record<string, string | number | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== "") query.set(key, String(value));
  const search = query.toString();
  return search ? `/store?${search}` : "/store";
}

/** app/routes/console.instance.$uuid.tsx: one instance of the console (access info, costs, actions). */
export function instancePath(uuid: string): string {
  return `/console/instance/${encodeURIComponent(uuid)}`;
}

/** app/routes/console.instance.$uuid_.release.tsx: the type-the-name confirm page for releasing an instance. */
export function releaseInstancePath(uuid: string): string {
  return `${instancePath(uuid)}/release`;
}

/** app/routes/resources.instance-password.$uuid.ts: an instance's SSH password as JSON, for its copy button. */
export function instancePasswordPath(uuid: string): string {
  return `/resources/instance-password/${encodeURIComponent(uuid)}`;
}

/** app/routes/console.finance.orders.tsx filtered to top-ups: the account menu's 充值记录. */
export function rechargeRecordsPath(): string {
  return "/console/finance/orders?kind=recharge";
}

/** What a ledger entry refers to, as the platform names it (LedgerReferenceWire). */
interface ReferenceLink {
  Kind: string;
  Target: string | null;
}

/**
 * Where an expense-detail entry's reference leads, or null: its order in the
 * order records (filtered by kind and the entry's Beijing day), its instance,
 * the coupons used, the withdrawal records. Only a reference with a target
 * (the caller's own, as the platform resolved it) links anywhere.
 */
export function ledgerReferencePath(reference: ReferenceLink, createdAt: string): string | null {
  if (reference.Target === null) return null;
  const day = formatDate(createdAt);
  const orders = (kind: string) =>
    `/console/finance/orders?${new URLSearchParams({ kind, start_date: day, end_date: day })}`;
  switch (reference.Kind) {
    case "recharge_order":
      return orders("recharge");
    case "purchase_order":
      return orders("purchase");
    case "instance":
      return instancePath(reference.Target);
    case "coupon":
      return "/console/coupon?tab=used";
    case "withdrawal":
      return "/console/finance/withdrawRecords";
    default:
      return null;
  }
}
