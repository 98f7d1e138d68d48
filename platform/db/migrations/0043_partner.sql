CREATE TABLE "commission_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_user_id" bigint NOT NULL,
	"referred_user_id" bigint NOT NULL,
	"ledger_entry_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"month" text NOT NULL,
	"statement_id" bigint,
	"spent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "commission_entries_amount_pos" CHECK ("commission_entries"."amount_fen" > 0),
	CONSTRAINT "commission_entries_kind_known" CHECK ("commission_entries"."kind" in ('spend', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "commission_statements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_user_id" bigint NOT NULL,
	"month" text NOT NULL,
	"spend_fen" bigint NOT NULL,
	"refund_fen" bigint NOT NULL,
	"rate_bp" bigint NOT NULL,
	"carry_in_fen" bigint NOT NULL,
	"commission_fen" bigint NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "commission_statements_nonneg" CHECK ("commission_statements"."commission_fen" >= 0 and "commission_statements"."spend_fen" >= 0 and "commission_statements"."refund_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "commission_withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_user_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"destination" text NOT NULL,
	"operation_key" text NOT NULL,
	"withdrawal_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "commission_withdrawals_amount_pos" CHECK ("commission_withdrawals"."amount_fen" > 0),
	CONSTRAINT "commission_withdrawals_destination_known" CHECK ("commission_withdrawals"."destination" in ('wallet', 'bank'))
);
--> statement-breakpoint
CREATE TABLE "referral_touches" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_user_id" bigint NOT NULL,
	"signed_in_user_id" bigint,
	"signed_in_sub_account_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_touches_id_shape" CHECK ("referral_touches"."id" ~ '^[a-f0-9]{32}$')
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"referred_user_id" bigint PRIMARY KEY NOT NULL,
	"partner_user_id" bigint NOT NULL,
	"touch_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"registered_at" timestamp with time zone NOT NULL,
	"active_until" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referrals_status_known" CHECK ("referrals"."status" in ('bound', 'refused')),
	CONSTRAINT "referrals_reason" CHECK (("referrals"."status" = 'bound') = ("referrals"."reason" is null)),
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."partner_user_id" <> "referrals"."referred_user_id")
);
--> statement-breakpoint
CREATE TABLE "sales_partners" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	"settled_through" text,
	"carry_fen" bigint DEFAULT 0 NOT NULL,
	"settled_fen" bigint DEFAULT 0 NOT NULL,
	"withdrawn_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_partners_carry_nonpos" CHECK ("sales_partners"."carry_fen" <= 0),
	CONSTRAINT "sales_partners_withdrawn_within" CHECK ("sales_partners"."withdrawn_fen" >= 0 and "sales_partners"."withdrawn_fen" <= "sales_partners"."settled_fen"),
	CONSTRAINT "sales_partners_code_shape" CHECK ("sales_partners"."code" ~ '^[A-Z2-9]{8}$')
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_known";--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_partner_user_id_sales_partners_user_id_fk" FOREIGN KEY ("partner_user_id") REFERENCES "public"."sales_partners"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_statement_id_commission_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."commission_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statements" ADD CONSTRAINT "commission_statements_partner_user_id_sales_partners_user_id_fk" FOREIGN KEY ("partner_user_id") REFERENCES "public"."sales_partners"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_withdrawals" ADD CONSTRAINT "commission_withdrawals_partner_user_id_sales_partners_user_id_fk" FOREIGN KEY ("partner_user_id") REFERENCES "public"."sales_partners"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_touches" ADD CONSTRAINT "referral_touches_partner_user_id_sales_partners_user_id_fk" FOREIGN KEY ("partner_user_id") REFERENCES "public"."sales_partners"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_partner_user_id_sales_partners_user_id_fk" FOREIGN KEY ("partner_user_id") REFERENCES "public"."sales_partners"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_partners" ADD CONSTRAINT "sales_partners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_entries_ledger_uq" ON "commission_entries" USING btree ("ledger_entry_id");--> statement-breakpoint
CREATE INDEX "commission_entries_partner_idx" ON "commission_entries" USING btree ("partner_user_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_statements_month_uq" ON "commission_statements" USING btree ("partner_user_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_withdrawals_operation_uq" ON "commission_withdrawals" USING btree ("partner_user_id","operation_key");--> statement-breakpoint
CREATE INDEX "commission_withdrawals_partner_idx" ON "commission_withdrawals" USING btree ("partner_user_id","id");--> statement-breakpoint
CREATE INDEX "referrals_partner_idx" ON "referrals" USING btree ("partner_user_id","registered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_partners_code_uq" ON "sales_partners" USING btree ("code");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_known" CHECK ("ledger_entries"."kind" in ('top_up', 'purchase', 'refund', 'coupon', 'voucher', 'credit', 'withdrawal', 'adjustment', 'commission'));