import type {
  RaffleDrawRecordWire,
  RaffleDrawResultWire,
  RaffleDrawWire,
  RaffleOverviewWire,
  RafflePrizeKindWire,
} from "../../contract/raffle";
import type { DrawResult } from "../../modules/raffle/draw";
import type { DrawRecord, MyDraw, RaffleOverview } from "../../modules/raffle/overview";
import { fenToYuan } from "../../rules/money";

const amountOf = (kind: RafflePrizeKindWire, amount: number) =>
  kind === "voucher" ? fenToYuan(amount) : String(amount);

const toDraw = (d: MyDraw): RaffleDrawWire => ({
  DrawId: d.id,
  Outcome: d.outcome,
  PrizeName: d.prizeName,
  PrizeKind: d.prizeKind,
  CreatedAt: d.createdAt.toISOString(),
});

export function toRaffleOverview(o: RaffleOverview): RaffleOverviewWire {
  const me = o.me;
  return {
    Name: o.event.name,
    StartsAt: o.event.startsAt.toISOString(),
    EndsAt: o.event.endsAt.toISOString(),
    State: o.state,
    SpendStep: fenToYuan(o.event.spendStepFen),
    Prizes: o.prizes.map((p) => ({
      PrizeId: p.id,
      Name: p.name,
      Kind: p.kind,
      Amount: amountOf(p.kind, p.amount),
      Stock: p.stock,
      Weight: p.weight,
    })),
    NoPrizeWeight: o.noPrizeWeight,
    Mine:
      me === null
        ? null
        : me.subAccount
          ? { SubAccount: true }
          : {
              SubAccount: false,
              NetSpent: fenToYuan(me.allowance.netSpentFen),
              FromSpending: me.allowance.fromSpending,
              FromQuestionnaire: me.allowance.fromQuestionnaire,
              Used: me.allowance.used,
              Left: me.allowance.left,
              ToNextDraw: fenToYuan(me.allowance.toNextDrawFen),
              Answered: me.answered,
              Draws: me.draws.map(toDraw),
            },
    Winners: o.winners.map((w) => ({
      Phone: w.maskedPhone,
      PrizeName: w.prizeName,
      CreatedAt: w.createdAt.toISOString(),
    })),
  };
}

export const toRaffleDrawResult = (d: DrawResult): RaffleDrawResultWire => ({
  DrawId: d.id,
  Outcome: d.outcome,
  Prize: d.prize && {
    PrizeId: d.prize.id,
    Name: d.prize.name,
    Kind: d.prize.kind,
    Amount: amountOf(d.prize.kind, d.prize.amount),
  },
  DeliveredAs: d.deliveredAs,
  RandomValue: d.randomValue,
  Replayed: d.replayed,
});

export const toRaffleDrawRecord = (r: DrawRecord): RaffleDrawRecordWire => ({
  ...toDraw(r),
  RandomValue: r.randomValue,
  PickedPrizeId: r.pickedPrizeId,
  DeliveredAs: r.deliveredAs,
  Odds: r.odds.map((o) => ({ PrizeId: o.prizeId, Name: o.name, Weight: o.weight, Stock: o.stock })),
});
