/**
 * The GPU free notice (GPU 空闲通知, issue 36 §2, decision 092): the owner of a
 * stopped hourly instance whose host lacks the GPUs to start it asks to be
 * told once when enough are free there, on the site and, if it chose, by SMS
 * to the account's own phone and by email to its confirmed notice email. The
 * notice waits 24 hours and reserves nothing. Reading, asking and cancelling
 * each hold the instance's row lock (scoped by `ownedBy(caller)`: anyone
 * else's instance is INSTANCE_NOT_FOUND), so they are ordered with a start or
 * release (whose trigger cancels a waiting notice) and with the job.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { gpuFreeNotices } from "../../db/gpu-notice-schema";
import { hosts, type instances } from "../../db/market-schema";
import { users } from "../../db/schema";
import { inTransaction } from "../../db/tx";
import { GPU_NOTICE_VALID_MS, gpuNoticeRefusal, type GpuNoticeRefusal } from "../../rules/gpu-notice";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { recordInstanceEvent } from "../instances/events";
import { ownInstanceRow } from "../instances/scope";
import { instanceById, type Instance } from "../instances/view";

type InstanceRow = typeof instances.$inferSelect;
export type GpuNoticeRow = typeof gpuFreeNotices.$inferSelect;

/** The form fields of the channels besides the site message (which is always sent). */
export const GPU_NOTICE_SMS_FIELD = "notify_sms";
export const GPU_NOTICE_EMAIL_FIELD = "notify_email";

/** Whether the caller may choose a channel, where it would go (masked), and why not when it may not. */
export interface GpuNoticeChannel {
  available: boolean;
  /** The phone, masked (138****0000), or the notice email. */
  address: string | null;
  refusal: string | null;
}

export interface GpuNoticeView {
  instance: Instance;
  /** The instance's latest notice (waiting, or how the last one ended); null when it never had one. */
  notice: (GpuNoticeRow & { hostName: string }) | null;
  /** Why a notice may not be asked for now; null when it may (or one is waiting). */
  refusal: GpuNoticeRefusal | null;
  sms: GpuNoticeChannel;
  email: GpuNoticeChannel;
  now: Date;
}

export interface GpuNoticeChange extends GpuNoticeView {
  /** subscribed: a new notice; already: one was waiting (unchanged); cancelled; none: nothing to cancel. */
  outcome: "subscribed" | "already" | "cancelled" | "none";
}

const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

const SUB_SITE_ONLY = "子账号只能接收站内通知，短信和邮件通知请由主账号订阅";

/** The SMS and email channels as the caller may choose them: only a main account's own phone and confirmed email. */
async function channelsOf(db: Db, caller: Caller): Promise<Pick<GpuNoticeView, "sms" | "email">> {
  if (caller.subAccountId !== null) {
    const refused = { available: false, address: null, refusal: SUB_SITE_ONLY };
    return { sms: refused, email: refused };
  }
  const [owner] = await db
    .select({ phone: users.phone, email: users.noticeEmail, confirmedAt: users.noticeEmailConfirmedAt })
    .from(users)
    .where(eq(users.id, caller.userId));
  const phone = owner?.phone ?? "";
  return {
    sms: phone
      ? { available: true, address: maskPhone(phone), refusal: null }
      : { available: false, address: null, refusal: "账号未绑定手机号" },
    email: !owner?.email
      ? { available: false, address: null, refusal: "尚未设置通知邮箱，请先在「账号信息」中设置" }
      : owner.confirmedAt === null
        ? { available: false, address: owner.email, refusal: "通知邮箱尚未验证，请先在「账号信息」中完成验证" }
        : { available: true, address: owner.email, refusal: null },
  };
}

async function latestNotice(db: Db, instanceId: number): Promise<GpuNoticeView["notice"]> {
  const [row] = await db
    .select({ n: gpuFreeNotices, hostName: hosts.name })
    .from(gpuFreeNotices)
    .innerJoin(hosts, eq(hosts.id, gpuFreeNotices.hostId))
    .where(eq(gpuFreeNotices.instanceId, instanceId))
    .orderBy(desc(gpuFreeNotices.id))
    .limit(1);
  return row ? { ...row.n, hostName: row.hostName } : null;
}

async function refusalOf(db: Db, row: InstanceRow): Promise<GpuNoticeRefusal | null> {
  const [host] = await db
    .select({ online: hosts.online, gpuFree: hosts.gpuFree })
    .from(hosts)
    .where(eq(hosts.id, row.hostId));
  return gpuNoticeRefusal({
    state: row.state,
    billingMode: row.billingMode,
    gpuHeld: row.gpuHeld,
    gpuCount: row.gpuCount,
    hostOnline: host?.online ?? false,
    hostGpuFree: host?.gpuFree ?? 0,
  });
}

async function viewOf(db: Db, caller: Caller, row: InstanceRow, now: Date): Promise<GpuNoticeView> {
  const instance = await instanceById(db, row.id, now);
  const notice = await latestNotice(db, row.id);
  const refusal = await refusalOf(db, row);
  return { instance, notice, refusal, ...(await channelsOf(db, caller)), now };
}

/** `/instance/get_gpu_free_notice`: the instance's latest notice, whether one may be asked for now, and the channels. */
export async function getGpuFreeNotice(ctx: Ctx, caller: Caller, input: { uuid: string }): Promise<GpuNoticeView> {
  const row = await ownInstanceRow(ctx.db, caller, input.uuid, { lock: false });
  return viewOf(ctx.db, caller, row, ctx.now());
}

/**
 * `/instance/subscribe_gpu_free_notice`: asks to be told once when the instance's host has its GPUs free, within 24
 * hours. A notice already waiting answers `already` and changes nothing (a double submit). Refused: an instance that
 * may not ask (INSTANCE_STATE; on the field `gpu_free_now` when it can start now), SMS or email the caller may not
 * choose (BAD_REQUEST on its field: no phone, no confirmed notice email, a sub-account).
 */
export async function subscribeGpuFreeNotice(
  ctx: Ctx,
  caller: Caller,
  input: { uuid: string; sms: boolean; email: boolean },
): Promise<GpuNoticeChange> {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const row = await ownInstanceRow(tx, caller, input.uuid, { lock: true });
    const [waiting] = await tx
      .select({ id: gpuFreeNotices.id })
      .from(gpuFreeNotices)
      .where(and(eq(gpuFreeNotices.instanceId, row.id), eq(gpuFreeNotices.state, "waiting")));
    if (waiting) return { ...(await viewOf(tx, caller, row, now)), outcome: "already" };
    const refusal = await refusalOf(tx, row);
    if (refusal) fail("INSTANCE_STATE", refusal.startNow ? "gpu_free_now" : undefined, refusal.reason);
    const channels = await channelsOf(tx, caller);
    for (const [chosen, channel, field] of [
      [input.sms, channels.sms, GPU_NOTICE_SMS_FIELD],
      [input.email, channels.email, GPU_NOTICE_EMAIL_FIELD],
    ] as const) {
      if (chosen && !channel.available) fail("BAD_REQUEST", field, channel.refusal!);
    }
    await tx.insert(gpuFreeNotices).values({
      instanceId: row.id,
      userId: row.userId,
      subAccountId: caller.subAccountId,
      hostId: row.hostId,
      gpuCount: row.gpuCount,
      notifySms: input.sms,
      notifyEmail: input.email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + GPU_NOTICE_VALID_MS),
    });
    const how = ["站内信", ...(input.sms ? ["短信"] : []), ...(input.email ? ["邮件"] : [])].join("、");
    const [host] = await tx.select({ name: hosts.name }).from(hosts).where(eq(hosts.id, row.hostId));
    await recordInstanceEvent(tx, {
      instanceId: row.id,
      userId: row.userId,
      kind: "gpu_notice_set",
      actor: "user",
      text: `订阅 GPU 空闲通知：主机 ${host?.name ?? ""} 空闲 GPU 达到 ${row.gpuCount} 张时通过${how}通知（24 小时内有效，不预留 GPU）`,
      at: now,
    });
    return { ...(await viewOf(tx, caller, row, now)), outcome: "subscribed" };
  });
}

/** `/instance/cancel_gpu_free_notice`: cancels the waiting notice; with none waiting it changes nothing. */
export async function cancelGpuFreeNotice(ctx: Ctx, caller: Caller, input: { uuid: string }): Promise<GpuNoticeChange> {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const row = await ownInstanceRow(tx, caller, input.uuid, { lock: true });
    const [cancelled] = await tx
      .update(gpuFreeNotices)
      .set({ state: "cancelled", cancelReason: "user", endedAt: now })
      .where(and(eq(gpuFreeNotices.instanceId, row.id), eq(gpuFreeNotices.state, "waiting")))
      .returning({ id: gpuFreeNotices.id });
    if (cancelled)
      await recordInstanceEvent(tx, {
        instanceId: row.id,
        userId: row.userId,
        kind: "gpu_notice_cancel",
        actor: "user",
        text: "用户取消 GPU 空闲通知",
        at: now,
      });
    return { ...(await viewOf(tx, caller, row, now)), outcome: cancelled ? "cancelled" : "none" };
  });
}
