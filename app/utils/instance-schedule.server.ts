import { z } from "zod";
import {
  cancelScheduledShutdown,
  getScheduledShutdown,
  previewScheduledShutdown,
  setScheduledShutdown,
  type ScheduledShutdownWire,
  type ShutdownChangeWire,
  type ShutdownPreviewWire,
} from "~/upstream/schedule.server";
import { UpstreamError } from "~/upstream/transport.server";
import { shutdownAtText } from "../../platform/rules/scheduled-shutdown";
import type { FieldErrors } from "./action.server";
import { formatDateTime } from "./format";

const STALE = "请求有误，请刷新页面后重试";
const uuidField = z.string({ required_error: STALE }).regex(/^[A-Za-z0-9_-]{1,64}$/, STALE);

/** 确认设置: the time the preview priced (a Beijing-time minute, as the form sends it). */
export const SetShutdownSchema = z.object({ instance_uuid: uuidField, shutdown_at: shutdownAtText });

/** 取消定时关机. */
export const CancelShutdownSchema = z.object({ instance_uuid: uuidField });

/** What the shutdown page shows: the instance and its pending shutdown, and the asked time's preview or refusal. */
export interface ShutdownPageData {
  view: ScheduledShutdownWire;
  /** The time asked in the query (`at`), as typed. */
  asked: string | null;
  preview: ShutdownPreviewWire | null;
  fieldErrors: FieldErrors;
  formError: string | null;
}

/**
 * The page's data: the pending shutdown, and for a time in the query its estimate by the platform (a time it
 * refuses comes back beside the field, an instance not running above the form); a missing or someone else's
 * instance stays a 404.
 */
export async function loadShutdownPage(token: string, uuid: string, asked: string | null): Promise<ShutdownPageData> {
  const view = await getScheduledShutdown(token, uuid);
  const base = { view, asked, preview: null, fieldErrors: {}, formError: null };
  if (asked === null) return base;
  const parsed = shutdownAtText.safeParse(asked);
  if (!parsed.success) return { ...base, fieldErrors: { shutdown_at: parsed.error.issues[0]!.message } };
  try {
    return { ...base, preview: await previewScheduledShutdown(token, uuid, parsed.data) };
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.kind !== "refused") throw error;
    if (error.field) return { ...base, fieldErrors: { [error.field]: error.reason } };
    return { ...base, formError: error.reason };
  }
}

/** Sets the shutdown; the toast says when it will stop. */
export async function setShutdownConfirmed(token: string, input: z.infer<typeof SetShutdownSchema>) {
  return shutdownToast(await setScheduledShutdown(token, input.instance_uuid, input.shutdown_at));
}

export async function cancelShutdownConfirmed(token: string, input: z.infer<typeof CancelShutdownSchema>) {
  return shutdownToast(await cancelScheduledShutdown(token, input.instance_uuid));
}

/** The result in one sentence, for the toast after the redirect. */
export function shutdownToast(done: ShutdownChangeWire): string {
  const name = `实例「${done.Instance.Name}」`;
  const at = done.Shutdown ? `${formatDateTime(done.Shutdown.ShutdownAt)}（北京时间）` : "";
  switch (done.Outcome) {
    case "set":
    case "unchanged":
      return `${name}将于 ${at}自动关机`;
    case "changed":
      return `${name}的定时关机已改为 ${at}`;
    case "cancelled":
      return `${name}的定时关机已取消`;
    case "none":
      return `${name}没有待执行的定时关机`;
  }
}
