/**
 * The notices area of the main API on the wire (spec §2, §7): public notices
 * and banners, and the caller's notifications and messages. Names and JSON are
 * exactly what outside clients see; do not rename.
 */
import type { MainApiCall, NoFields } from "./calls";
import type { PageFields, PageWire } from "./page";

/** A public notice in a list. `PublishedAt` is ISO 8601. */
export type NoticeSummaryWire = {
  Id: number;
  Title: string;
  Summary: string;
  PublishedAt: string;
};

/** A notice with its body (markdown). */
export type NoticeDetailWire = NoticeSummaryWire & { Content: string };

/** A storefront banner; `Link` is a path of the site or an outside address. */
export type BannerWire = {
  Id: number;
  Title: string;
  Image: string;
  Link: string;
};

/** The storefront's banners, the bar's three newest notices and the newest notice's id (0 when none). */
export type BannerAndNoticeWire = {
  banners: BannerWire[];
  notices: NoticeSummaryWire[];
  newest_notice_id: number;
  /**
   * The anniversary raffle's window (issue 39 §4, decision 118), ISO 8601; null when there is none. Read with the
   * bar's notices so the web tier shows the raffle tab without another call per page.
   */
  raffle_window: { from: string; until: string } | null;
};

/** The notice list's page: its items are under `data`, not `list` (spec §7). */
export type NoticePageWire = {
  data: NoticeSummaryWire[];
  total: number;
  page: number;
  page_size: number;
};

/** A notification (platform announcements to the account). `CreateAt` is ISO 8601. */
export type NotificationItemWire = {
  Id: number;
  Title: string;
  Original: string;
  CreateAt: string;
  Read: boolean;
  /** The main account's, listed to a sub-account allowed to see them (read-only; decision 107). */
  FromMainAccount: boolean;
};

/** A message (account events: logins, balance changes, …). `CreateAt` is ISO 8601. */
export type MessageItemWire = {
  Id: number;
  CreateAt: string;
  Message: string;
  Read: boolean;
};

export type UnreadStateWire = { notifications_unread: number; messages_unread: number };

export type MarkedReadWire = { updated: number };

/** status: -1 all, 0 unread, 1 read. */
export type ReadStatus = -1 | 0 | 1;

export type NoticeByIdFields = { id: number };

export type NotificationListFields = PageFields & { status?: ReadStatus };

/** Every notices call of the main API, by path under /api. */
export type NoticeCalls = {
  "/app/get_banner_and_notice": MainApiCall<NoFields, BannerAndNoticeWire>;
  /** A GET: the fields are the query string. */
  "/get_notice_by_page": MainApiCall<PageFields, NoticePageWire>;
  "/get_blod_by_id": MainApiCall<NoticeByIdFields, NoticeDetailWire>;
  "/notifications/get_list": MainApiCall<NotificationListFields, PageWire<NotificationItemWire>, "required">;
  "/notifications/set_read_all": MainApiCall<NoFields, MarkedReadWire, "required">;
  "/messages/get_list": MainApiCall<PageFields, PageWire<MessageItemWire>, "required">;
  "/messages/set_read_all": MainApiCall<NoFields, MarkedReadWire, "required">;
  "/app/get_unread_state": MainApiCall<NoFields, UnreadStateWire, "required">;
};
