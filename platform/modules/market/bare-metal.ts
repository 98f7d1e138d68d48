import { and, desc, eq, type SQL } from "drizzle-orm";
import { bareMetalReservations, gpuModels, regions } from "../../db/market-schema";
import { DURATION_DISCOUNT_BP, quotePrice } from "../../rules/price";
import type { Caller, Ctx, Visitor } from "../context";
import { fail } from "../errors";
import { listOffers, type Offer } from "./offers";

/** Hours in a month of a whole server: a month is 30 days (spec §9). */
export const HOURS_PER_MONTH = 30 * 24;

/** A bare-metal server model in a region, as the store's bare-metal tab lists it. */
export interface BareMetalServer {
  offer: Offer;
  gpusPerServer: number;
  /** List price per GPU-hour, fen. */
  unitPriceFen: number;
  /** A whole server for a month (30 days × 24 h × its GPUs) at the monthly duration discount, fen. */
  monthPriceFen: number;
  /** Servers with every GPU free. */
  freeServers: number;
  totalServers: number;
}

/** The price of one whole server for one month: the rental's price function, monthly discount, no membership. */
export function serverMonthPriceFen(unitPriceFen: number, gpusPerServer: number): number {
  return quotePrice({
    unitPriceFen,
    quantity: gpusPerServer * HOURS_PER_MONTH,
    durationDiscountBp: DURATION_DISCOUNT_BP.month,
    vipDiscountBp: 10_000,
  }).payFen;
}

/** `/get_bare_metal_show_list`: bare-metal servers by region and model, optionally filtered by both. */
export async function listBareMetalServers(
  ctx: Ctx,
  visitor: Visitor,
  input: { region?: string; gpu?: string },
): Promise<BareMetalServer[]> {
  const offers = await listOffers(ctx, visitor, {
    machineType: "bare_metal",
    filter: { region: input.region, gpu: input.gpu },
  });
  return offers.map((offer) => ({
    offer,
    gpusPerServer: offer.gpusPerHost,
    unitPriceFen: offer.unitPriceFen,
    monthPriceFen: serverMonthPriceFen(offer.unitPriceFen, offer.gpusPerHost),
    freeServers: offer.freeHosts,
    totalServers: offer.hosts,
  }));
}

export const RESERVATION_STATUSES = ["pending", "confirmed", "cancelled"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

export interface Reservation {
  id: number;
  regionCode: string;
  regionName: string;
  gpuCode: string;
  gpuName: string;
  machines: number;
  months: number;
  contactName: string;
  contactPhone: string;
  note: string;
  status: ReservationStatus;
  createdAt: Date;
}

export interface ReservationInput {
  region: string;
  gpu: string;
  machines: number;
  months: number;
  contactName: string;
  contactPhone: string;
  note: string;
}

const reservationColumns = {
  id: bareMetalReservations.id,
  regionCode: regions.code,
  regionName: regions.name,
  gpuCode: gpuModels.code,
  gpuName: gpuModels.name,
  machines: bareMetalReservations.machines,
  months: bareMetalReservations.months,
  contactName: bareMetalReservations.contactName,
  contactPhone: bareMetalReservations.contactPhone,
  note: bareMetalReservations.note,
  status: bareMetalReservations.status,
  createdAt: bareMetalReservations.createdAt,
};

/**
 * `/add_baremetal_reservation`: the caller asks staff for whole servers of a
 * model in a region, for some months. The region and model must be offered as
 * bare metal by at least one online server.
 */
export async function addReservation(ctx: Ctx, caller: Caller, input: ReservationInput): Promise<Reservation> {
  const [target] = await ctx.db
    .select({ regionId: regions.id, gpuModelId: gpuModels.id })
    .from(regions)
    .innerJoin(gpuModels, eq(gpuModels.code, input.gpu))
    .where(eq(regions.code, input.region));
  if (!target) {
    const [region] = await ctx.db.select({ id: regions.id }).from(regions).where(eq(regions.code, input.region));
    return fail("BAD_REQUEST", region ? "gpu" : "region", region ? "GPU型号不存在" : "地区不存在");
  }
  const offered = await listBareMetalServers(ctx, caller, { region: input.region, gpu: input.gpu });
  if (offered.length === 0) fail("BAD_REQUEST", "gpu", "该地区暂无此型号的裸金属服务器");
  const [created] = await ctx.db
    .insert(bareMetalReservations)
    .values({
      userId: caller.userId,
      subAccountId: caller.subAccountId,
      regionId: target.regionId,
      gpuModelId: target.gpuModelId,
      machines: input.machines,
      months: input.months,
      contactName: input.contactName,
      contactPhone: input.contactPhone,
      note: input.note,
      createdAt: ctx.now(),
    })
    .returning({ id: bareMetalReservations.id });
  const [reservation] = await reservationsOf(ctx, caller, eq(bareMetalReservations.id, created!.id));
  return reservation!;
}

/**
 * `/get_baremetal_reservations`: the caller's reservations, newest first. A main
 * account sees its account's (its sub-accounts' included); a sub-account only
 * its own. Never another account's.
 */
export function listReservations(ctx: Ctx, caller: Caller): Promise<Reservation[]> {
  return reservationsOf(ctx, caller);
}

/** The caller's reservations matching `extra` (a main account's include its sub-accounts'; a sub-account's only its own). */
export function reservationsOf(ctx: Ctx, caller: Caller, extra?: SQL): Promise<Reservation[]> {
  return ctx.db
    .select(reservationColumns)
    .from(bareMetalReservations)
    .innerJoin(regions, eq(regions.id, bareMetalReservations.regionId))
    .innerJoin(gpuModels, eq(gpuModels.id, bareMetalReservations.gpuModelId))
    .where(
      and(
        eq(bareMetalReservations.userId, caller.userId),
        caller.subAccountId === null ? undefined : eq(bareMetalReservations.subAccountId, caller.subAccountId),
        extra,
      ),
    )
    .orderBy(desc(bareMetalReservations.id))
    .limit(200);
}
