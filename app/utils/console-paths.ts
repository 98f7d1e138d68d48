/** Paths of the console's parameterised routes (see paths.ts for the rules these builders follow). */

import { formatDate } from "./format";

/** app/routes/console.pay.tsx: one top-up order's payment page (QR, or the transfer's instructions). */
export function payPath(outTradeNo: string): string {
  return `/console/pay?out_trade_no=${encodeURIComponent(outTradeNo)}`;
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

/** app/routes/console.instance.$uuid.tsx: one instance of the console (access info, costs, actions). */
export function instancePath(uuid: string): string {
  return `/console/instance/${encodeURIComponent(uuid)}`;
}

/** app/routes/console.instance.$uuid.tsx at its log panel: page `page` of the log filtered by `kind` ("" for all). */
export function instanceLogPath(uuid: string, kind: string, page: number): string {
  const query = new URLSearchParams();
  if (kind) query.set("log_kind", kind);
  if (page > 1) query.set("log_page", String(page));
  const search = query.toString();
  return `${instancePath(uuid)}${search ? `?${search}` : ""}#instance-log`;
}

/** The instance lists an instance can be ended from; the end goes back to the one it came from. */
export const INSTANCE_LIST_PATHS = ["/console/dashboard", "/console/subAccountInstance"] as const;
/** app/routes/console.subAccountInstance.tsx: a main account's sub-accounts' instances. */
export const SUB_ACCOUNT_INSTANCES_PATH = INSTANCE_LIST_PATHS[1];
export type InstanceListPath = (typeof INSTANCE_LIST_PATHS)[number];

/** `path` remembering the list it was opened from (`?from=`); the dashboard, the default, is not written. */
function withListPath(path: string, from: InstanceListPath | undefined): string {
  return from && from !== INSTANCE_LIST_PATHS[0] ? `${path}?${new URLSearchParams({ from })}` : path;
}

/** The list a confirm page was opened from (its `?from=`): only one of INSTANCE_LIST_PATHS, else the dashboard. */
export function instanceListOf(url: string): InstanceListPath {
  const from = new URL(url, "http://x").searchParams.get("from");
  return INSTANCE_LIST_PATHS.find((p) => p === from) ?? INSTANCE_LIST_PATHS[0];
}

/** app/routes/console.instance.$uuid_.release.tsx: the type-the-name confirm page for releasing an instance. */
export function releaseInstancePath(uuid: string, from?: InstanceListPath): string {
  return withListPath(`${instancePath(uuid)}/release`, from);
}

/** app/routes/console.instance.$uuid_.refund.tsx: the confirm page for ending a package early with its refund. */
export function stopWithRefundPath(uuid: string, from?: InstanceListPath): string {
  return withListPath(`${instancePath(uuid)}/refund`, from);
}

/** app/routes/console.instance.$uuid_.renew.tsx: the renew form (price preview, then confirm and pay). */
export function renewInstancePath(
  uuid: string,
  query?: { unit: string; count: number | string; coupon: string },
): string {
  const path = `${instancePath(uuid)}/renew`;
  return query
    ? `${path}?${new URLSearchParams({ unit: query.unit, count: String(query.count), coupon: query.coupon })}`
    : path;
}

/** app/routes/console.instance.$uuid_.reset.tsx: the system reset's images; `imageId` asks to confirm that one. */
export function resetSystemPath(uuid: string, imageId?: number): string {
  const path = `/console/instance/${encodeURIComponent(uuid)}/reset`;
  return imageId === undefined ? path : `${path}?image_id=${encodeURIComponent(String(imageId))}`;
}

/**
 * app/routes/console.customizeImage.tsx: the caller's custom images; `saveFrom` preselects the instance to
 * save, `confirmDelete` asks before deleting that image.
 */
export function customizeImagePath(options: { saveFrom?: string; confirmDelete?: number } = {}): string {
  const query = new URLSearchParams();
  if (options.saveFrom) query.set("instance", options.saveFrom);
  if (options.confirmDelete !== undefined) query.set("delete", String(options.confirmDelete));
  const qs = query.toString();
  return qs ? `/console/customizeImage?${qs}` : "/console/customizeImage";
}

/** app/routes/console.instance.$uuid_.resize.tsx: the resize options, or (with `gpuCount`) the confirmation of one. */
export function resizeInstancePath(uuid: string, gpuCount?: number): string {
  const path = `${instancePath(uuid)}/resize`;
  return gpuCount === undefined ? path : `${path}?gpu_count=${encodeURIComponent(String(gpuCount))}`;
}

/** The resize page's confirmation of growing the data disk to `dataDiskGb` GB (decision 093). */
export function growDataDiskPath(uuid: string, dataDiskGb: number): string {
  return `${resizeInstancePath(uuid)}?data_disk_gb=${encodeURIComponent(String(dataDiskGb))}`;
}

/** app/routes/console.instancePlugin.$instanceName.tsx: an instance's tools and custom ports (the segment is its uuid). */
export function instancePluginPath(uuid: string): string {
  return `/console/instancePlugin/${encodeURIComponent(uuid)}`;
}

/** app/routes/console.instance.$uuid_.gpu-notice.tsx: the GPU free notice (ask, see, cancel). */
export function gpuNoticePath(uuid: string): string {
  return `${instancePath(uuid)}/gpu-notice`;
}

/** app/routes/console.instance.$uuid_.shutdown.tsx: the scheduled shutdown, or (with `at`) the confirmation of that time. */
export function shutdownInstancePath(uuid: string, at?: string): string {
  const path = `${instancePath(uuid)}/shutdown`;
  return at === undefined ? path : `${path}?at=${encodeURIComponent(at)}`;
}

/** app/routes/console.instance.$uuid_.migrate.tsx: the hosts the instance can move to, and the move's confirmation. */
export function migrateInstancePath(uuid: string): string {
  return `${instancePath(uuid)}/migrate`;
}

/** app/routes/console.instance.$uuid_.start-without-gpu.tsx: the start without GPU's price, limits and confirmation. */
export function startWithoutGpuPath(uuid: string): string {
  return `${instancePath(uuid)}/start-without-gpu`;
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

/** app/routes/console.verification._index.tsx: real-name verification (redirects to its overview). */
export const VERIFICATION_PATH = "/console/verification";
/** app/routes/console.verification.selectVerification.tsx: the account's status per kind and the ways to verify. */
export const SELECT_VERIFICATION_PATH = "/console/verification/selectVerification";
/** app/routes/console.verification.bankCardVerify.tsx: personal verification by bank card. */
export const BANK_CARD_VERIFY_PATH = "/console/verification/bankCardVerify";
/** app/routes/console.verification.personal: personal verification by ID card and face. */
export const PERSONAL_VERIFY_PATH = "/console/verification/personal";
/** Its query parameter that skips a failed application's page for the upload form (重新认证). */
export const PERSONAL_VERIFY_AGAIN_PARAM = "again";
/** app/routes/console.verification.enterprise.tsx: what enterprise verification needs and where it stands. */
export const ENTERPRISE_VERIFY_PATH = "/console/verification/enterprise";
/** app/routes/console.verification.license: the licence, its OCR confirmed, the letter when needed. */
export const LICENSE_VERIFY_PATH = "/console/verification/license";
/** app/routes/console.verification.otherChannel: passport, permits and other documents, for staff review. */
export const OTHER_CHANNEL_VERIFY_PATH = "/console/verification/otherChannel";

/** app/routes/console.invoice.$id.pdf.ts: an issued invoice's PDF, or with `red` its red-letter (红冲) PDF. */
export function invoicePdfPath(id: number, red = false): string {
  return `/console/invoice/${encodeURIComponent(String(id))}/pdf${red ? "?red=1" : ""}`;
}
