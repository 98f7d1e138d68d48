CREATE TABLE "raffle_answers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "raffle_draws" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"operation_key" text NOT NULL,
	"random_value" integer NOT NULL,
	"odds" jsonb NOT NULL,
	"picked_prize_id" bigint,
	"prize_id" bigint,
	"outcome" text NOT NULL,
	"delivered_as" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "raffle_draws_random_bounds" CHECK ("raffle_draws"."random_value" between 0 and 9999),
	CONSTRAINT "raffle_draws_outcome_known" CHECK ("raffle_draws"."outcome" in ('won', 'none', 'out_of_stock', 'already_held')),
	CONSTRAINT "raffle_draws_won_has_prize" CHECK (("raffle_draws"."outcome" = 'won') = ("raffle_draws"."prize_id" is not null)),
	CONSTRAINT "raffle_draws_key_length" CHECK (length("raffle_draws"."operation_key") between 1 and 128)
);
--> statement-breakpoint
CREATE TABLE "raffle_entrants" (
	"event_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "raffle_entrants_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "raffle_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"spend_step_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raffle_events_window" CHECK ("raffle_events"."ends_at" > "raffle_events"."starts_at"),
	CONSTRAINT "raffle_events_step_pos" CHECK ("raffle_events"."spend_step_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "raffle_prizes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"coupon_group_id" bigint,
	"stock" integer NOT NULL,
	"weight" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "raffle_prizes_stock_nonneg" CHECK ("raffle_prizes"."stock" >= 0),
	CONSTRAINT "raffle_prizes_weight_bounds" CHECK ("raffle_prizes"."weight" between 0 and 10000),
	CONSTRAINT "raffle_prizes_amount_pos" CHECK ("raffle_prizes"."amount" > 0),
	CONSTRAINT "raffle_prizes_kind_known" CHECK ("raffle_prizes"."kind" in ('voucher', 'points', 'coupon')),
	CONSTRAINT "raffle_prizes_coupon_group" CHECK (("raffle_prizes"."kind" = 'coupon') = ("raffle_prizes"."coupon_group_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "raffle_answers" ADD CONSTRAINT "raffle_answers_event_id_raffle_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."raffle_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_answers" ADD CONSTRAINT "raffle_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_draws" ADD CONSTRAINT "raffle_draws_event_id_raffle_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."raffle_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_draws" ADD CONSTRAINT "raffle_draws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_draws" ADD CONSTRAINT "raffle_draws_picked_prize_id_raffle_prizes_id_fk" FOREIGN KEY ("picked_prize_id") REFERENCES "public"."raffle_prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_draws" ADD CONSTRAINT "raffle_draws_prize_id_raffle_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."raffle_prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_entrants" ADD CONSTRAINT "raffle_entrants_event_id_raffle_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."raffle_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_entrants" ADD CONSTRAINT "raffle_entrants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_prizes" ADD CONSTRAINT "raffle_prizes_event_id_raffle_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."raffle_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_prizes" ADD CONSTRAINT "raffle_prizes_coupon_group_id_coupon_groups_id_fk" FOREIGN KEY ("coupon_group_id") REFERENCES "public"."coupon_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "raffle_answers_one_uq" ON "raffle_answers" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "raffle_draws_operation_uq" ON "raffle_draws" USING btree ("user_id","event_id","operation_key");--> statement-breakpoint
CREATE INDEX "raffle_draws_user_idx" ON "raffle_draws" USING btree ("user_id","event_id","id");--> statement-breakpoint
CREATE INDEX "raffle_draws_winners_idx" ON "raffle_draws" USING btree ("event_id","id") WHERE "raffle_draws"."prize_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "raffle_events_code_uq" ON "raffle_events" USING btree ("code");--> statement-breakpoint
CREATE INDEX "raffle_prizes_event_idx" ON "raffle_prizes" USING btree ("event_id","sort_order");