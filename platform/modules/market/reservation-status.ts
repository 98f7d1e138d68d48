/**
 * A bare-metal reservation's status after it is made (issue 36 §2): the user
 * cancels a pending one; an operator confirms a pending one
 * (`npm run ops -- reservation confirm`) and the user gets a site message.
 * Each change is one conditional update, so two at once change it once.
 */
import { and, eq } from "drizzle-orm";
import { bareMetalReservations, gpuModels, regions } from "../../db/market-schema";
import { notifications } from "../../db/schema";
import { inTransaction } from "../../db/tx";
import { RESERVATION_STATUS_TEXT } from "../../rules/reservation-limits";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { reservationsOf, type Reservation } from "./bare-metal";

export const RESERVATION_CONFIRMED_TITLE = "裸金属预约已确认";

function notPending(status: Reservation["status"]): never {
  return fail("BAD_REQUEST", "reservation_id", `该预约${RESERVATION_STATUS_TEXT[status]}，只有待确认的预约可以变更`);
}

/** `/cancel_baremetal_reservation`: the caller's own pending reservation becomes cancelled; another's is NOT_FOUND. */
export async function cancelReservation(ctx: Ctx, caller: Caller, input: { id: number }): Promise<Reservation> {
  const [own] = await reservationsOf(ctx, caller, eq(bareMetalReservations.id, input.id));
  if (!own) return fail("NOT_FOUND", "reservation_id", "预约不存在或无权访问");
  if (own.status !== "pending") notPending(own.status);
  const changed = await ctx.db
    .update(bareMetalReservations)
    .set({ status: "cancelled" })
    .where(and(eq(bareMetalReservations.id, own.id), eq(bareMetalReservations.status, "pending")))
    .returning({ id: bareMetalReservations.id });
  if (changed.length === 0) {
    const [now] = await reservationsOf(ctx, caller, eq(bareMetalReservations.id, input.id));
    notPending(now!.status);
  }
  return { ...own, status: "cancelled" };
}

/** The operator's confirmation: pending → confirmed, and one site message to whoever made it, in one transaction. */
export async function confirmReservation(
  ctx: Ctx,
  input: { id: number },
): Promise<{ before: "pending"; after: "confirmed"; userId: number }> {
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .update(bareMetalReservations)
      .set({ status: "confirmed" })
      .where(and(eq(bareMetalReservations.id, input.id), eq(bareMetalReservations.status, "pending")))
      .returning({
        userId: bareMetalReservations.userId,
        subAccountId: bareMetalReservations.subAccountId,
        regionId: bareMetalReservations.regionId,
        gpuModelId: bareMetalReservations.gpuModelId,
        machines: bareMetalReservations.machines,
        months: bareMetalReservations.months,
      });
    if (!row) {
      const [found] = await tx
        .select({ status: bareMetalReservations.status })
        .from(bareMetalReservations)
        .where(eq(bareMetalReservations.id, input.id));
      if (!found) fail("NOT_FOUND", "id", `预约 ${input.id} 不存在`);
      notPending(found.status);
    }
    const [what] = await tx
      .select({ region: regions.name, gpu: gpuModels.name })
      .from(regions)
      .innerJoin(gpuModels, eq(gpuModels.id, row.gpuModelId))
      .where(eq(regions.id, row.regionId));
    await tx.insert(notifications).values({
      userId: row.userId,
      subAccountId: row.subAccountId,
      title: RESERVATION_CONFIRMED_TITLE,
      original:
        `您的裸金属预约（${what!.region} · ${what!.gpu} × ${row.machines} 台，${row.months} 个月）已确认。` +
        "客服将按您留下的联系方式与您联系，约定交付时间与付款方式。",
      createdAt: ctx.now(),
    });
    return { before: "pending" as const, after: "confirmed" as const, userId: row.userId };
  });
}
