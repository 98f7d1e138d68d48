import type {
  RenewalPreviewWire,
  RenewalWire,
  RenewCalls,
  RenewChoiceFields,
  RenewFields,
  RenewUnitWire,
} from "../../platform/contract/instances-renew";
import { callApiOrThrow } from "./transport.server";

export type { RenewalPreviewWire, RenewalWire, RenewChoiceFields, RenewFields, RenewUnitWire };

function call<P extends keyof RenewCalls>(path: P, input: RenewCalls[P]["input"], session: string) {
  return callApiOrThrow<RenewCalls[P]["data"]>(path, input, { session });
}

/** The renewal's price, term and coupons as `/renew_kvm_v2` would charge them now. */
export function previewRenewal(session: string, choice: RenewChoiceFields) {
  return call("/instance/preview_renewal", choice, session);
}

/** Renews an instance; `operation_key` comes from the form, so a resubmission charges nothing more. */
export function renewInstance(session: string, fields: RenewFields) {
  return call("/renew_kvm_v2", fields, session);
}
