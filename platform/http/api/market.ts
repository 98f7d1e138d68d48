import { Hono, type Context } from "hono";
import { z } from "zod";
import type { MarketCalls } from "../../contract/market";
import type { MachineType } from "../../db/market-schema";
import { addReservation, listBareMetalServers, listReservations } from "../../modules/market/bare-metal";
import { cancelReservation } from "../../modules/market/reservation-status";
import { getInstanceSpecifications, getSelectorOptions, listOfficialImages } from "../../modules/market/catalogue";
import { getPriceInfo } from "../../modules/market/member-price";
import { findOffer, listOffers } from "../../modules/market/offers";
import { findRentalImage } from "../../modules/instances/image";
import { fail } from "../../modules/errors";
import { OFFER_FILTER_FIELDS, readOfferFilter, type OfferFilterFields } from "../../rules/market-filter";
import { ReservationFields } from "../../rules/reservation-fields";
import { callerFromForm, optionalCallerFromForm, visitor, type Env } from "../context";
import * as f from "../fields";
import {
  toAvailable,
  toBareMetalList,
  toImages,
  toOfferDetail,
  toOffers,
  toPriceInfo,
  toReservation,
  toSelectorOptions,
  toSpecification,
} from "../shapes/market";
import { parseFields, readForm, type Form } from "../wire";
import { contractRoutes } from "./contract-routes";

/** The compute market (spec §7 "Market", issue 12 §2). Public reads; reservations need a session. */
export const marketApi = new Hono<Env>();
const on = contractRoutes<MarketCalls>(marketApi);

const machineType = z.enum(["kvm", "docker", "bare_metal"], {
  errorMap: () => ({ message: "机器类型只能是 kvm、docker 或 bare_metal" }),
});
const code = (label: string) => f.text(label, 32).trim().min(1, `请选择${label}`);
const optionalCode = (label: string) => f.optionalText(label, 32);

export const TypeFields = z.object({ type: machineType.optional().default("docker") });
const KeyFields = z.object({ type: machineType, region: code("地区"), gpu: code("GPU型号") });
const WhereFields = z.object({ region: optionalCode("地区"), gpu: optionalCode("GPU型号") });
const ImageFields = WhereFields.extend({ image_id: f.id("镜像编号") });
const ReservationRefFields = z.object({ reservation_id: f.id("预约编号") });
export const PriceInfoFields = z.object({ phone: f.optionalText("手机号", 32) });
const SpecFields = z.object({ gpu: code("GPU型号"), type: machineType.optional().default("docker") });

/** The selector's filter: a bad field is refused by name with its Chinese reason (rules/market-filter.ts). */
function filterOf(form: Form) {
  const fields: OfferFilterFields = {};
  for (const name of OFFER_FILTER_FIELDS) {
    const value = form[name];
    if (value === undefined) continue;
    if (typeof value !== "string") return fail("BAD_REQUEST", name, "筛选条件格式不正确");
    fields[name] = value;
  }
  const { filter, errors } = readOfferFilter(fields);
  const [field, reason] = Object.entries(errors)[0] ?? [];
  if (field) fail("BAD_REQUEST", field, reason);
  return filter;
}

const selector = (type: MachineType) => async (c: Context<Env>) => {
  const filter = filterOf(await readForm(c));
  return toOffers(await listOffers(c.var.ctx, visitor(c), { machineType: type, filter }));
};

on.post("/store/get_store_selector_options", async (c) => {
  const { type } = parseFields(TypeFields, await readForm(c));
  return toSelectorOptions(type, await getSelectorOptions(c.var.ctx, visitor(c), { machineType: type }));
});

on.post("/store/get_kvm_gpu_selector", selector("kvm"));
on.post("/store/get_docker_gpu_selector", selector("docker"));

on.post("/gpu_selector_detail", async (c) => {
  const input = parseFields(KeyFields, await readForm(c));
  const ctx = c.var.ctx;
  const [offer, specs] = await Promise.all([
    findOffer(ctx, visitor(c), { machineType: input.type, region: input.region, gpu: input.gpu }),
    getInstanceSpecifications(ctx, visitor(c), { machineType: input.type, gpu: input.gpu }),
  ]);
  return toOfferDetail(offer, specs);
});

on.post("/gpu_priceinfo", async (c) => {
  const form = await readForm(c);
  const input = parseFields(PriceInfoFields, form);
  const caller = await optionalCallerFromForm(c, form);
  return toPriceInfo(await getPriceInfo(c.var.ctx, caller, { phone: input.phone?.trim() || undefined }));
});

const available = (type: MachineType, withImage: boolean) => async (c: Context<Env>) => {
  const form = await readForm(c);
  const ctx = c.var.ctx;
  let cuda: string | undefined;
  let where: z.infer<typeof WhereFields>;
  if (withImage) {
    const input = parseFields(ImageFields, form);
    const image = await findRentalImage(ctx.db, await optionalCallerFromForm(c, form), input.image_id);
    cuda = image.cudaVersion;
    where = input;
  } else {
    where = parseFields(WhereFields, form);
  }
  const filter = { region: where.region || undefined, gpu: where.gpu || undefined, cuda };
  return toAvailable(await listOffers(ctx, visitor(c), { machineType: type, filter }));
};

on.post("/get_available_kvm_num", available("kvm", true));
on.post("/get_available_docker_num", available("docker", true));
on.post("/get_available_kvm_num_without_image", available("kvm", false));
on.post("/get_available_docker_num_without_image", available("docker", false));

on.post("/store/get_instance_specifications", async (c) => {
  const input = parseFields(SpecFields, await readForm(c));
  const specs = await getInstanceSpecifications(c.var.ctx, visitor(c), { machineType: input.type, gpu: input.gpu });
  return { specs: specs.map(toSpecification) };
});

on.post("/get_bare_metal_show_list", async (c) => {
  const where = parseFields(WhereFields, await readForm(c));
  const servers = await listBareMetalServers(c.var.ctx, visitor(c), {
    region: where.region || undefined,
    gpu: where.gpu || undefined,
  });
  return toBareMetalList(servers);
});

on.post("/add_baremetal_reservation", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(ReservationFields, form);
  const reservation = await addReservation(c.var.ctx, caller, {
    region: input.region,
    gpu: input.gpu,
    machines: input.machines,
    months: input.months,
    contactName: input.contact_name,
    contactPhone: input.contact_phone,
    note: input.note,
  });
  return toReservation(reservation);
});

on.post("/cancel_baremetal_reservation", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const { reservation_id } = parseFields(ReservationRefFields, form);
  return toReservation(await cancelReservation(c.var.ctx, caller, { id: reservation_id }));
});

on.post("/get_baremetal_reservations", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return { reservations: (await listReservations(c.var.ctx, caller)).map(toReservation) };
});

on.get("/instance/kvm/get_local_images", async (c) => toImages(await listOfficialImages(c.var.ctx, visitor(c))));
