import type {
  BannerAndNoticeWire,
  BannerWire,
  MarkedReadWire,
  MessageItemWire,
  NoticeDetailWire,
  NoticePageWire,
  NoticeSummaryWire,
  NotificationItemWire,
  UnreadStateWire,
} from "../../contract/notices";
import type { Message } from "../../modules/notices/messages";
import type { Banner, NoticeDetail, NoticeSummary } from "../../modules/notices/notices";
import type { Notification } from "../../modules/notices/notifications";
import type { UnreadCounts } from "../../modules/notices/unread";
import type { Page } from "../../modules/page";

export const toNoticeSummary = (n: NoticeSummary): NoticeSummaryWire => ({
  Id: n.id,
  Title: n.title,
  Summary: n.summary,
  PublishedAt: n.publishedAt.toISOString(),
});

export const toNoticeDetail = (n: NoticeDetail): NoticeDetailWire => ({ ...toNoticeSummary(n), Content: n.content });

export const toBanner = (b: Banner): BannerWire => ({ Id: b.id, Title: b.title, Image: b.image, Link: b.link });

export const toBannerAndNotice = (value: {
  banners: Banner[];
  notices: NoticeSummary[];
  newestNoticeId: number | null;
  raffleWindow: { from: Date; until: Date } | null;
}): BannerAndNoticeWire => ({
  banners: value.banners.map(toBanner),
  notices: value.notices.map(toNoticeSummary),
  newest_notice_id: value.newestNoticeId ?? 0,
  raffle_window: value.raffleWindow && {
    from: value.raffleWindow.from.toISOString(),
    until: value.raffleWindow.until.toISOString(),
  },
});

/** The notice list keeps its items under `data` (spec §7), unlike the other pages. */
export const toNoticePage = (page: Page<NoticeSummary>): NoticePageWire => ({
  data: page.items.map(toNoticeSummary),
  total: page.total,
  page: page.page,
  page_size: page.pageSize,
});

export const toNotificationItem = (n: Notification): NotificationItemWire => ({
  Id: n.id,
  Title: n.title,
  Original: n.original,
  CreateAt: n.createdAt.toISOString(),
  Read: n.read,
  FromMainAccount: n.fromMainAccount,
});

export const toMessageItem = (m: Message): MessageItemWire => ({
  Id: m.id,
  CreateAt: m.createdAt.toISOString(),
  Message: m.message,
  Read: m.read,
});

export const toUnreadState = (u: UnreadCounts): UnreadStateWire => ({
  notifications_unread: u.notifications,
  messages_unread: u.messages,
});

export const toMarkedRead = (result: { updated: number }): MarkedReadWire => ({ updated: result.updated });
