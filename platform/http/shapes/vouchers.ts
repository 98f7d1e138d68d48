import type { BuyPowerMoneyWire, PowerMoneyOfferWire, PowerMoneyOffersWire } from "../../contract/vouchers";
import type { VoucherOffer, VoucherPurchase } from "../../modules/wallet/power-money";
import { fenToYuan } from "../../rules/money";

export function toPowerMoneyOffer(o: VoucherOffer): PowerMoneyOfferWire {
  return {
    OfferId: o.id,
    Price: fenToYuan(o.priceFen),
    PowerMoney: fenToYuan(o.voucherFen),
    Bonus: fenToYuan(o.voucherFen - o.priceFen),
  };
}

export const toPowerMoneyOffers = (offers: VoucherOffer[]): PowerMoneyOffersWire => ({
  offers: offers.map(toPowerMoneyOffer),
});

export function toBuyPowerMoney(p: VoucherPurchase): BuyPowerMoneyWire {
  return {
    OrderNo: p.order.orderNo,
    OfferId: p.offer.id,
    Price: fenToYuan(p.offer.priceFen),
    PowerMoney: fenToYuan(p.offer.voucherFen),
    PowerMoneyBalance: fenToYuan(p.voucherBalanceFen),
    Money: fenToYuan(p.cashBalanceFen),
    Replayed: p.order.replayed,
  };
}
