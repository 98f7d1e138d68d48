CREATE TABLE "coupon_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" integer NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"discount_bp" integer DEFAULT 10000 NOT NULL,
	"money_limit_fen" bigint DEFAULT 0 NOT NULL,
	"use_time_limit_days" integer DEFAULT 0 NOT NULL,
	"target_goods" text[] DEFAULT '{}'::text[] NOT NULL,
	"target_image" text[] DEFAULT '{}'::text[] NOT NULL,
	"target_use_mode" integer DEFAULT 0 NOT NULL,
	"target_user_verify_type" integer DEFAULT 0 NOT NULL,
	"begin_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"total_num" integer NOT NULL,
	"remain_num" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_groups_type_known" CHECK ("coupon_groups"."type" in (0, 1, 2)),
	CONSTRAINT "coupon_groups_remain_bounds" CHECK ("coupon_groups"."remain_num" >= 0 and "coupon_groups"."remain_num" <= "coupon_groups"."total_num"),
	CONSTRAINT "coupon_groups_amount_nonneg" CHECK ("coupon_groups"."amount_fen" >= 0 and "coupon_groups"."money_limit_fen" >= 0),
	CONSTRAINT "coupon_groups_value_by_type" CHECK (("coupon_groups"."type" = 1 and "coupon_groups"."discount_bp" > 0 and "coupon_groups"."discount_bp" < 10000) or ("coupon_groups"."type" in (0, 2) and "coupon_groups"."amount_fen" > 0)),
	CONSTRAINT "coupon_groups_window" CHECK ("coupon_groups"."end_at" > "coupon_groups"."begin_at"),
	CONSTRAINT "coupon_groups_use_days_nonneg" CHECK ("coupon_groups"."use_time_limit_days" >= 0),
	CONSTRAINT "coupon_groups_use_mode_known" CHECK ("coupon_groups"."target_use_mode" in (0, 1)),
	CONSTRAINT "coupon_groups_verify_type_known" CHECK ("coupon_groups"."target_user_verify_type" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "ops_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"command" text NOT NULL,
	"target" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"out_trade_no" text,
	"outcome" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"sub_account_id" bigint,
	"kind" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"paid_voucher_fen" bigint DEFAULT 0 NOT NULL,
	"paid_cash_fen" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"refers_to" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_amount_nonneg" CHECK ("purchase_orders"."amount_fen" >= 0),
	CONSTRAINT "purchase_orders_paid_nonneg" CHECK ("purchase_orders"."paid_voucher_fen" >= 0 and "purchase_orders"."paid_cash_fen" >= 0),
	CONSTRAINT "purchase_orders_status_known" CHECK ("purchase_orders"."status" in ('paid', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "recharge_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"out_trade_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"pay_type" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"qr_content" text,
	"qr_expires_at" timestamp with time zone,
	"provider_trade_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "recharge_orders_amount_pos" CHECK ("recharge_orders"."amount_fen" > 0),
	CONSTRAINT "recharge_orders_pay_type_known" CHECK ("recharge_orders"."pay_type" in (0, 1, 2)),
	CONSTRAINT "recharge_orders_status_known" CHECK ("recharge_orders"."status" in ('pending', 'paid', 'closed', 'rejected')),
	CONSTRAINT "recharge_orders_paid_has_time" CHECK (("recharge_orders"."status" <> 'paid') or ("recharge_orders"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "user_coupons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_for" text,
	CONSTRAINT "user_coupons_used_together" CHECK (("user_coupons"."used_at" is null) = ("user_coupons"."used_for" is null))
);
--> statement-breakpoint
CREATE TABLE "voucher_offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"price_fen" bigint NOT NULL,
	"voucher_fen" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_offers_price_pos" CHECK ("voucher_offers"."price_fen" > 0),
	CONSTRAINT "voucher_offers_no_loss" CHECK ("voucher_offers"."voucher_fen" >= "voucher_offers"."price_fen")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"destination" text NOT NULL,
	"reason" text,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amount_pos" CHECK ("withdrawals"."amount_fen" > 0),
	CONSTRAINT "withdrawals_status_known" CHECK ("withdrawals"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "withdrawals_decided_together" CHECK (("withdrawals"."status" = 'pending') = ("withdrawals"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified_as" text;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_group_id_coupon_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."coupon_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ops_audit_target_idx" ON "ops_audit" USING btree ("target","id");--> statement-breakpoint
CREATE INDEX "payment_callbacks_order_idx" ON "payment_callbacks" USING btree ("out_trade_no");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_order_no_uq" ON "purchase_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "purchase_orders_user_idx" ON "purchase_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_orders_out_trade_no_uq" ON "recharge_orders" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "recharge_orders_user_idx" ON "recharge_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "recharge_orders_pending_idx" ON "recharge_orders" USING btree ("qr_expires_at") WHERE "recharge_orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "user_coupons_one_per_group_uq" ON "user_coupons" USING btree ("user_id","group_id");--> statement-breakpoint
CREATE INDEX "user_coupons_user_idx" ON "user_coupons" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_verified_as_known" CHECK ("users"."verified_as" in ('personal', 'student', 'enterprise'));