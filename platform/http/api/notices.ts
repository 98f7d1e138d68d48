import { Hono } from "hono";
import { z } from "zod";
import type { NoticeCalls, ReadStatus } from "../../contract/notices";
import { listMessages, markAllMessagesRead } from "../../modules/notices/messages";
import { bannersAndNotices, getNotice, listNotices } from "../../modules/notices/notices";
import { listNotifications, markAllNotificationsRead, type ReadFilter } from "../../modules/notices/notifications";
import { unreadState } from "../../modules/notices/unread";
import { raffleWindow } from "../../modules/raffle/event";
import { callerFromForm, sessionToken, visitor, type Env } from "../context";
import * as f from "../fields";
import { contractRoutes } from "./contract-routes";
import {
  toBannerAndNotice,
  toMarkedRead,
  toMessageItem,
  toNoticeDetail,
  toNoticePage,
  toNotificationItem,
  toUnreadState,
} from "../shapes/notices";
import { toPage } from "../shapes/page";
import { parseFields, readForm } from "../wire";

export const noticesApi = new Hono<Env>();
const on = contractRoutes<NoticeCalls>(noticesApi);

on.post("/app/get_banner_and_notice", async (c) => {
  await readForm(c);
  const [feed, window] = await Promise.all([bannersAndNotices(c.var.ctx, visitor(c)), raffleWindow(c.var.ctx)]);
  return toBannerAndNotice({ ...feed, raffleWindow: window });
});

const NoticePageFields = z.object({ page: f.page, page_size: f.pageSize(50, 10) });
const NoticeFields = z.object({ id: f.id("公告编号") });

on.get("/get_notice_by_page", async (c) => {
  const input = parseFields(NoticePageFields, await readForm(c));
  const page = await listNotices(c.var.ctx, visitor(c), { page: input.page, pageSize: input.page_size });
  return toNoticePage(page);
});

on.post("/get_blod_by_id", async (c) => {
  const input = parseFields(NoticeFields, await readForm(c));
  return toNoticeDetail(await getNotice(c.var.ctx, visitor(c), { id: input.id }));
});

const listFields = z.object({ page: f.page, page_size: f.pageSize(50, 10), status: f.readStatus });

/** The wire's read status (-1 all, 0 unread, 1 read) as the module's filter. */
const READ_FILTERS: Record<ReadStatus, ReadFilter> = { [-1]: "all", 0: "unread", 1: "read" };

on.post("/notifications/get_list", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(listFields, form);
  const page = await listNotifications(c.var.ctx, caller, {
    page: input.page,
    pageSize: input.page_size,
    filter: READ_FILTERS[input.status as ReadStatus],
  });
  return toPage(page, toNotificationItem);
});

on.post("/notifications/set_read_all", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return toMarkedRead(await markAllNotificationsRead(c.var.ctx, caller));
});

on.post("/messages/get_list", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(listFields, form);
  const page = await listMessages(c.var.ctx, caller, { page: input.page, pageSize: input.page_size });
  return toPage(page, toMessageItem);
});

on.post("/messages/set_read_all", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return toMarkedRead(await markAllMessagesRead(c.var.ctx, caller));
});

on.post("/app/get_unread_state", async (c) => {
  const form = await readForm(c);
  return toUnreadState(await unreadState(c.var.ctx, visitor(c), { token: sessionToken(form) }));
});
