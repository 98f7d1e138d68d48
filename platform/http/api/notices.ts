import { Hono } from "hono";
import { z } from "zod";
import { listMessages, markAllMessagesRead } from "../../modules/notices/messages";
import { bannersAndNotices, getNotice, listNotices } from "../../modules/notices/notices";
import { listNotifications, markAllNotificationsRead, type ReadFilter } from "../../modules/notices/notifications";
import { unreadState } from "../../modules/notices/unread";
import { callerFromForm, type Env } from "../context";
import * as f from "../fields";
import { ok, parseFields, readForm } from "../wire";

export const noticesApi = new Hono<Env>();

noticesApi.post("/app/get_banner_and_notice", async (c) => {
  await readForm(c);
  return ok(c, await bannersAndNotices(c.var.ctx));
});

noticesApi.get("/get_notice_by_page", async (c) => {
  const input = parseFields(z.object({ page: f.page, page_size: f.pageSize(50, 10) }), await readForm(c));
  return ok(c, await listNotices(c.var.ctx, input.page, input.page_size));
});

noticesApi.post("/get_blod_by_id", async (c) => {
  const input = parseFields(z.object({ id: f.id("公告编号") }), await readForm(c));
  return ok(c, await getNotice(c.var.ctx, input.id));
});

const listFields = z.object({ page: f.page, page_size: f.pageSize(50, 10), status: f.readStatus });

noticesApi.post("/notifications/get_list", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(listFields, form);
  return ok(c, await listNotifications(c.var.ctx, caller, input.page, input.page_size, input.status as ReadFilter));
});

noticesApi.post("/notifications/set_read_all", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return ok(c, { updated: await markAllNotificationsRead(c.var.ctx, caller) });
});

noticesApi.post("/messages/get_list", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(listFields, form);
  return ok(c, await listMessages(c.var.ctx, caller, input.page, input.page_size));
});

noticesApi.post("/messages/set_read_all", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return ok(c, { updated: await markAllMessagesRead(c.var.ctx, caller) });
});

noticesApi.post("/app/get_unread_state", async (c) => {
  const form = await readForm(c);
  return ok(c, await unreadState(c.var.ctx, typeof form.session === "string" ? form.session : undefined));
});
