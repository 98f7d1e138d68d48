/**
 * Compute vouchers (PowerMoney) on the wire (issue 10 §3, spec §7
 * `/buy_power_money`): the active offers and buying one with cash. Amounts are
 * yuan strings with two decimals. Names and JSON are what outside clients see.
 */
import type { MainApiCall, NoFields } from "./calls";

/** An offer: pay `Price` in cash, get `PowerMoney` of vouchers; `Bonus` = PowerMoney − Price. */
export type PowerMoneyOfferWire = {
  OfferId: number;
  Price: string;
  PowerMoney: string;
  Bonus: string;
};

export type PowerMoneyOffersWire = { offers: PowerMoneyOfferWire[] };

/** A voucher purchase: its order, what it bought, and the balances after it. */
export type BuyPowerMoneyWire = {
  OrderNo: string;
  OfferId: number;
  Price: string;
  PowerMoney: string;
  /** The account's voucher balance after the purchase. */
  PowerMoneyBalance: string;
  /** The account's cash balance after the purchase. */
  Money: string;
  /** True when this operation_key had been used before: the first purchase is answered and nothing moved. */
  Replayed: boolean;
};

/**
 * `operation_key`: 8-64 letters, digits, "_" or "-", made when the page renders
 * the form; submitting the same key again buys nothing more. Refusals:
 * 可用余额少于套餐价格! (BALANCE_BELOW_PRICE, `data.shortfall` in yuan) when the cash
 * is short; a sub-account is refused (PERMISSION_DENIED).
 */
export type BuyPowerMoneyFields = { offer_id: number; operation_key: string };

/** Every voucher call of the main API, by path under /api. */
export type VoucherCalls = {
  "/get_power_money_offers": MainApiCall<NoFields, PowerMoneyOffersWire, "required">;
  "/buy_power_money": MainApiCall<BuyPowerMoneyFields, BuyPowerMoneyWire, "required">;
};
