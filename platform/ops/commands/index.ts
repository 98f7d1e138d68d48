import type { OpsCommand } from "../command";
import { couponGroupCreate } from "./coupon-group-create";
import { creditSet } from "./credit-set";
import { gpuPriceSet } from "./gpu-price-set";
import { hostAdd } from "./host-add";
import { hostSet } from "./host-set";
import { messageRequeue } from "./message-requeue";
import { messagesUndelivered } from "./messages-undelivered";
import { rafflePrizeSet } from "./raffle-prize-set";
import { raffleWindowSet } from "./raffle-window-set";
import { reservationConfirm } from "./reservation-confirm";
import { transferConfirm } from "./transfer-confirm";
import { transferReject } from "./transfer-reject";
import { pointsGrant } from "./points-grant";
import { staffAdd } from "./staff-add";
import { storeItemAdd } from "./store-item-add";
import { storeItemSet } from "./store-item-set";
import { storeOrderShip } from "./store-order-ship";
import { staffDisable } from "./staff-disable";
import { voucherOfferSet } from "./voucher-offer-set";
import { vouchersGrant } from "./vouchers-grant";
import { withdrawalApprove } from "./withdrawal-approve";
import { withdrawalReject } from "./withdrawal-reject";
import { partnerSettle } from "./partner-settle";

/** Every operator command; `npm run ops -- help` lists them. Add a command as its own file and list it here. */
export const OPS_COMMANDS: OpsCommand[] = [
  transferConfirm,
  transferReject,
  creditSet,
  vouchersGrant,
  voucherOfferSet,
  withdrawalApprove,
  withdrawalReject,
  couponGroupCreate,
  staffAdd,
  staffDisable,
  gpuPriceSet,
  hostAdd,
  hostSet,
  messagesUndelivered,
  messageRequeue,
  reservationConfirm,
  pointsGrant,
  storeItemAdd,
  storeItemSet,
  storeOrderShip,
  rafflePrizeSet,
  raffleWindowSet,
  partnerSettle,
];
