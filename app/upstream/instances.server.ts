import type {
  BillingModeWire,
  CouponChoiceWire,
  CreateInstanceFields,
  CreateInstanceWire,
  InstanceAccessWire,
  InstanceCalls,
  InstanceChargeWire,
  InstanceDetailWire,
  InstanceListItemWire,
  InstanceStateWire,
  InstanceWire,
  ListPriceWire,
  MachineTypeWire,
  PickCouponsWire,
  PriceBreakdownWire,
  RentalChoiceFields,
  RentalPreviewWire,
} from "../../platform/contract/instances";
import { callApiOrThrow } from "./transport.server";

export type {
  BillingModeWire,
  CouponChoiceWire,
  CreateInstanceFields,
  CreateInstanceWire,
  InstanceAccessWire,
  InstanceChargeWire,
  InstanceDetailWire,
  InstanceListItemWire,
  InstanceStateWire,
  InstanceWire,
  ListPriceWire,
  MachineTypeWire,
  PickCouponsWire,
  PriceBreakdownWire,
  RentalChoiceFields,
  RentalPreviewWire,
};

/** One instances call, its fields and reply typed by the contract (platform/contract/instances.ts). */
function call<P extends keyof InstanceCalls>(path: P, input: InstanceCalls[P]["input"], session: string) {
  return callApiOrThrow<InstanceCalls[P]["data"]>(path, input, { session });
}

/** The rental's price as it would be charged, by the function that charges (`/instance/preview_rental`). */
export function previewRental(session: string, choice: RentalChoiceFields) {
  return call("/instance/preview_rental", choice, session);
}

/** A visitor's price of the rental: the list price, no session (`/instance/preview_list_price`). */
export function previewListPrice(choice: RentalChoiceFields) {
  return callApiOrThrow<InstanceCalls["/instance/preview_list_price"]["data"]>("/instance/preview_list_price", choice);
}

/** The coupons that apply to this rental, best first, and all the caller's with their reasons. */
export function pickCoupons(session: string, choice: RentalChoiceFields) {
  return call("/pick_valid_and_all_coupon", choice, session);
}

/** Rents an instance; `operation_key` comes from the form, so a resubmission rents nothing more. */
export function createInstance(session: string, fields: CreateInstanceFields) {
  return call("/instance/create_instance", fields, session);
}

/** The instances list's page size (the console shows them all on one page up to this many). */
export const INSTANCE_PAGE_SIZE = 50;

/**
 * The caller's instances (and its sub-accounts' for a main account), newest first, released ones left out
 * unless `state` is "all".
 */
export function getInstanceList(session: string, page = 1, state?: "all") {
  return call("/instance/get_instance_list", { page, page_size: INSTANCE_PAGE_SIZE, state }, session);
}

/** One instance with its access info and charges; the SSH password only when `revealPassword`. */
export function getInstanceDetail(session: string, uuid: string, revealPassword = false) {
  return call(
    "/instance/get_instance_detail",
    { instance_uuid: uuid, reveal_password: revealPassword ? 1 : 0 },
    session,
  );
}

export function startInstance(session: string, uuid: string) {
  return call("/instance/start_instance", { instance_uuid: uuid }, session);
}

export function stopInstance(session: string, uuid: string) {
  return call("/instance/stop_instance", { instance_uuid: uuid }, session);
}

export function restartInstance(session: string, uuid: string) {
  return call("/instance/restart_instance", { instance_uuid: uuid }, session);
}

/** Releases an instance; `confirmName` must equal its name (the type-the-name confirmation). */
export function releaseInstance(session: string, uuid: string, confirmName: string) {
  return call("/instance/release_instance", { instance_uuid: uuid, confirm_name: confirmName }, session);
}
