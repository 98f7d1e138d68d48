/**
 * The anniversary raffle on the wire (issue 39 §4): the page's data, a draw, one draw's audit record, the
 * questionnaire. Money in yuan strings with two decimals; odds as weights out of 10,000; times ISO 8601.
 */
import type { MainApiCall, NoFields } from "./calls";

export type RafflePrizeKindWire = "voucher" | "points" | "coupon";
export type RaffleOutcomeWire = "won" | "none" | "out_of_stock" | "already_held";

export type RafflePrizeWire = {
  PrizeId: number;
  Name: string;
  Kind: RafflePrizeKindWire;
  /** Vouchers: yuan ("20.00"); points: the points ("500"); coupon: "1". */
  Amount: string;
  Stock: number;
  /** The chance out of 10,000. */
  Weight: number;
};

export type RaffleDrawWire = {
  DrawId: number;
  Outcome: RaffleOutcomeWire;
  PrizeName: string | null;
  PrizeKind: RafflePrizeKindWire | null;
  CreatedAt: string;
};

export type RaffleMineWire =
  | { SubAccount: true }
  | {
      SubAccount: false;
      /** Net cash spent in the window (yuan; refunds counted back). */
      NetSpent: string;
      FromSpending: number;
      FromQuestionnaire: number;
      Used: number;
      Left: number;
      /** Cash still to spend for the next draw (yuan). */
      ToNextDraw: string;
      Answered: boolean;
      Draws: RaffleDrawWire[];
    };

export type RaffleOverviewWire = {
  Name: string;
  StartsAt: string;
  EndsAt: string;
  State: "upcoming" | "open" | "ended";
  /** Cash spending that earns one draw (yuan). */
  SpendStep: string;
  Prizes: RafflePrizeWire[];
  NoPrizeWeight: number;
  /** Null for a visitor. */
  Mine: RaffleMineWire | null;
  Winners: { Phone: string; PrizeName: string; CreatedAt: string }[];
};

export type RaffleDrawResultWire = {
  DrawId: number;
  Outcome: RaffleOutcomeWire;
  Prize: { PrizeId: number; Name: string; Kind: RafflePrizeKindWire; Amount: string } | null;
  /** Where the prize landed: "ledger:<id>", "points:<id>", "coupon:<id>"; null when nothing was won. */
  DeliveredAs: string | null;
  RandomValue: number;
  Replayed: boolean;
};

export type RaffleDrawRecordWire = RaffleDrawWire & {
  RandomValue: number;
  PickedPrizeId: number | null;
  DeliveredAs: string | null;
  Odds: { PrizeId: number; Name: string; Weight: number; Stock: number }[];
};

/** `operation_key`: 8-64 letters, digits, "_" or "-", made when the page renders the form. */
export type RaffleDrawFields = { operation_key: string };
export type RaffleDrawRecordFields = { draw_id: number };
/** Each question's choice key (platform/rules/raffle-questionnaire.ts) and an optional suggestion (≤ 300 characters). */
export type RaffleQuestionnaireFields = {
  purpose: string;
  gpu: string;
  hours: string;
  satisfaction: string;
  suggestion?: string;
};

export type RaffleCalls = {
  "/raffle/overview": MainApiCall<NoFields, RaffleOverviewWire, "optional">;
  "/raffle/draw": MainApiCall<RaffleDrawFields, RaffleDrawResultWire, "required">;
  "/raffle/draw_record": MainApiCall<RaffleDrawRecordFields, RaffleDrawRecordWire, "required">;
  "/raffle/questionnaire": MainApiCall<RaffleQuestionnaireFields, { AnsweredAt: string }, "required">;
};
