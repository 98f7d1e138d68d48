import type { Banner, NoticeDetail, NoticeSummary } from "../../platform/modules/notices/notices";
import type { NotificationItem } from "../../platform/modules/notices/notifications";
import type { MessageItem } from "../../platform/modules/notices/messages";
import { callApiOrThrow } from "./transport.server";

export type { Banner, NoticeDetail, NoticeSummary, NotificationItem, MessageItem };

export interface Page<T> {
  total: number;
  unread?: number;
  page: number;
  page_size: number;
  list: T[];
}

type BannerAndNotice = { banners: Banner[]; notices: NoticeSummary[]; newest_notice_id: number };

export function getBannerAndNotice() {
  return callApiOrThrow<BannerAndNotice>("/app/get_banner_and_notice");
}

const NOTICE_CACHE_MS = 5_000;
let noticeCache: { at: number; value: Promise<BannerAndNotice> } | null = null;

/**
 * Banners and the bar's notices are public and change rarely: every page needs
 * them, so each web process reuses one answer for up to 5 s
 * (docs/decisions/010-shell-data.md).
 */
export function getBannerAndNoticeCached(now = Date.now()): Promise<BannerAndNotice> {
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
  return callApiOrThrow<{ data: NoticeSummary[]; total: number; page: number; page_size: number }>(
    "/get_notice_by_page",
    { page, page_size: pageSize },
    { method: "GET" },
  );
}

export function getNotice(id: number) {
  return callApiOrThrow<NoticeDetail>("/get_blod_by_id", { id });
}

/** status: -1 all, 0 unread, 1 read. */
export function getNotifications(session: string, page = 1, pageSize = 10, status: -1 | 0 | 1 = -1) {
  return callApiOrThrow<Page<NotificationItem>>(
    "/notifications/get_list",
    { page, page_size: pageSize, status },
    { session },
  );
}

export function markAllNotificationsRead(session: string) {
  return callApiOrThrow<{ updated: number }>("/notifications/set_read_all", {}, { session });
}

export function getMessages(session: string, page = 1, pageSize = 10) {
  return callApiOrThrow<Page<MessageItem>>("/messages/get_list", { page, page_size: pageSize }, { session });
}

export function markAllMessagesRead(session: string) {
  return callApiOrThrow<{ updated: number }>("/messages/set_read_all", {}, { session });
}
