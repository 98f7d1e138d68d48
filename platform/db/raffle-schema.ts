import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { users } from "./schema";
import { couponGroups } from "./wallet-schema";

/*
 * The anniversary raffle (issue 39 §4, docs/decisions/118 and 119). One event row holds the window (the platform's
 * configuration of when the raffle runs) and how much cash spending earns a draw. Prizes have a stock and a weight
 * out of 10,000 (the rest of the 10,000 is "no prize"). Every draw is recorded with the random value, the odds table
 * as it was and the outcome, so it can be audited.
 */
export const RAFFLE_PRIZE_KINDS = ["voucher", "points", "coupon"] as const;
export type RafflePrizeKind = (typeof RAFFLE_PRIZE_KINDS)[number];

export const RAFFLE_OUTCOMES = ["won", "none", "out_of_stock", "already_held"] as const;
export type RaffleOutcome = (typeof RAFFLE_OUTCOMES)[number];

export const raffleEvents = pgTable(
  "raffle_events",
  {
    id: id(),
    /** The event's code, as in its path: "202510" for /activity_202510. */
    code: text("code").notNull(),
    name: text("name").notNull(),
    startsAt: at("starts_at").notNull(),
    endsAt: at("ends_at").notNull(),
    /** Net cash spending in the window that earns one draw (fen). */
    spendStepFen: bigint("spend_step_fen", { mode: "number" }).notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("raffle_events_code_uq").on(t.code),
    check("raffle_events_window", sql`${t.endsAt} > ${t.startsAt}`),
    check("raffle_events_step_pos", sql`${t.spendStepFen} > 0`),
  ],
);

export const rafflePrizes = pgTable(
  "raffle_prizes",
  {
    id: id(),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => raffleEvents.id),
    name: text("name").notNull(),
    kind: text("kind", { enum: RAFFLE_PRIZE_KINDS }).notNull(),
    /** Vouchers: fen; points: points; coupon: 1 (the coupon is the group's). */
    amount: bigint("amount", { mode: "number" }).notNull(),
    couponGroupId: bigint("coupon_group_id", { mode: "number" }).references(() => couponGroups.id),
    stock: integer("stock").notNull(),
    /** Chance out of 10,000. */
    weight: integer("weight").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    index("raffle_prizes_event_idx").on(t.eventId, t.sortOrder),
    check("raffle_prizes_stock_nonneg", sql`${t.stock} >= 0`),
    check("raffle_prizes_weight_bounds", sql`${t.weight} between 0 and 10000`),
    check("raffle_prizes_amount_pos", sql`${t.amount} > 0`),
    check("raffle_prizes_kind_known", sql`${t.kind} in ('voucher', 'points', 'coupon')`),
    check("raffle_prizes_coupon_group", sql`(${t.kind} = 'coupon') = (${t.couponGroupId} is not null)`),
  ],
);

/** One row per account that drew or answered in an event: the row a draw locks first (one account's draws queue). */
export const raffleEntrants = pgTable(
  "raffle_entrants",
  {
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => raffleEvents.id),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

/** The questionnaire's answers: one per account per event (a unique index, not a check before the insert). */
export const raffleAnswers = pgTable(
  "raffle_answers",
  {
    id: id(),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => raffleEvents.id),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    answers: jsonb("answers").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [uniqueIndex("raffle_answers_one_uq").on(t.eventId, t.userId)],
);

export const raffleDraws = pgTable(
  "raffle_draws",
  {
    id: id(),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => raffleEvents.id),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    operationKey: text("operation_key").notNull(),
    /** The value crypto.randomInt gave, in [0, 10000). */
    randomValue: integer("random_value").notNull(),
    /** The odds table at the moment of the draw: [{prizeId, name, weight, stock}]. */
    odds: jsonb("odds").notNull(),
    /** The prize the random value fell on (null: the no-prize band). */
    pickedPrizeId: bigint("picked_prize_id", { mode: "number" }).references(() => rafflePrizes.id),
    /** What the account got (null: nothing). */
    prizeId: bigint("prize_id", { mode: "number" }).references(() => rafflePrizes.id),
    outcome: text("outcome", { enum: RAFFLE_OUTCOMES }).notNull(),
    /** Where the prize landed: "ledger:<id>", "points:<id>", "coupon:<id>". */
    deliveredAs: text("delivered_as"),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("raffle_draws_operation_uq").on(t.userId, t.eventId, t.operationKey),
    index("raffle_draws_user_idx").on(t.userId, t.eventId, t.id),
    index("raffle_draws_winners_idx")
      .on(t.eventId, t.id)
      .where(sql`${t.prizeId} is not null`),
    check("raffle_draws_random_bounds", sql`${t.randomValue} between 0 and 9999`),
    check("raffle_draws_outcome_known", sql`${t.outcome} in ('won', 'none', 'out_of_stock', 'already_held')`),
    check("raffle_draws_won_has_prize", sql`(${t.outcome} = 'won') = (${t.prizeId} is not null)`),
    check("raffle_draws_key_length", sql`length(${t.operationKey}) between 1 and 128`),
  ],
);

export const raffleSchema = { raffleEvents, rafflePrizes, raffleEntrants, raffleAnswers, raffleDraws };
