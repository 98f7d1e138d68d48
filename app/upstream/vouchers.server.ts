import type {
  BuyPowerMoneyWire,
  PowerMoneyOfferWire,
  PowerMoneyOffersWire,
  VoucherCalls,
} from "../../platform/contract/vouchers";
import { callApiOrThrow, type CallOptions } from "./transport.server";

export type { BuyPowerMoneyWire, PowerMoneyOfferWire, PowerMoneyOffersWire };
export type PowerMoneyOffer = PowerMoneyOfferWire;

/** One voucher call, its fields and reply typed by the contract (platform/contract/vouchers.ts). */
function call<P extends keyof VoucherCalls>(path: P, input: VoucherCalls[P]["input"], options: CallOptions = {}) {
  return callApiOrThrow<VoucherCalls[P]["data"]>(path, input, options);
}

export function getPowerMoneyOffers(session: string) {
  return call("/get_power_money_offers", {}, { session });
}

/** Buys a voucher offer with cash; `operationKey` comes from the form, so a resubmission buys nothing more. */
export function buyPowerMoney(session: string, offerId: number, operationKey: string) {
  return call("/buy_power_money", { offer_id: offerId, operation_key: operationKey }, { session });
}
