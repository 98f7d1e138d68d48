import type {
  BannerAndNoticeWire,
  BannerWire,
  MessageItemWire,
  NoticeCalls,
  NoticeDetailWire,
  NoticeSummaryWire,
  NotificationItemWire,
  ReadStatus,
} from "../../platform/contract/notices";
import type { PageWire } from "../../platform/contract/page";
import { callApiOrThrow, type CallOptions } from "./transport.server";

export type { BannerWire, MessageItemWire, NoticeDetailWire, NoticeSummaryWire, NotificationItemWire, PageWire };
export type Banner = BannerWire;
export type NoticeSummary = NoticeSummaryWire;
export type NoticeDetail = NoticeDetailWire;
export type NotificationItem = NotificationItemWire;
export type MessageItem = MessageItemWire;
export type Page<T> = PageWire<T>;

/** One notices call, its fields and reply typed by the contract (platform/contract/notices.ts). */
function call<P extends keyof NoticeCalls>(path: P, input: NoticeCalls[P]["input"], options: CallOptions = {}) {
  return callApiOrThrow<NoticeCalls[P]["data"]>(path, input, options);
}

export function getBannerAndNotice() {
  return call("/app/get_banner_and_notice", {});
}

const NOTICE_CACHE_MS = 5_000;
let noticeCache: { at: number; value: Promise<BannerAndNoticeWire> } | null = null;

/**
 * Banners and the bar's notices are public and change rarely: every page needs
 * them, so each web process reuses one answer for up to 5 s
 * (docs/decisions/010-shell-data.md).
 */
export function getBannerAndNoticeCached(now = Date.now()): Promise<BannerAndNoticeWire> {
  if (!noticeCache || now - noticeCache.at > NOTICE_CACHE_MS) {
    const value = getBannerAndNotice();
    noticeCache = { at: now, value };
    value.catch(() => {
      if (noticeCache?.value === value) noticeCache = null;
    });
  }
  return noticeCache.value;
}

export function getNoticePage(page: number, pageSize: number) {
  return call("/get_notice_by_page", { page, page_size: pageSize }, { method: "GET" });
}

export function getNotice(id: number) {
  return call("/get_blod_by_id", { id });
}

/** status: -1 all, 0 unread, 1 read. */
export function getNotifications(session: string, page = 1, pageSize = 10, status: ReadStatus = -1) {
  return call("/notifications/get_list", { page, page_size: pageSize, status }, { session });
}

export function markAllNotificationsRead(session: string) {
  return call("/notifications/set_read_all", {}, { session });
}

export function getMessages(session: string, page = 1, pageSize = 10) {
  return call("/messages/get_list", { page, page_size: pageSize }, { session });
}

export function markAllMessagesRead(session: string) {
  return call("/messages/set_read_all", {}, { session });
}
