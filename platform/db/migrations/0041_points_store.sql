CREATE TABLE "points_spend_counted" (
	"ledger_entry_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"counted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_spend_totals" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"spent_fen" bigint DEFAULT 0 NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "points_spend_totals_nonneg" CHECK ("points_spend_totals"."spent_fen" >= 0 and "points_spend_totals"."refunded_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_item_takers" (
	"user_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"taken" integer NOT NULL,
	CONSTRAINT "store_item_takers_taken_pos" CHECK ("store_item_takers"."taken" > 0)
);
--> statement-breakpoint
CREATE TABLE "store_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"points_price" integer NOT NULL,
	"stock" integer NOT NULL,
	"per_user_limit" integer NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"coupon_group_id" bigint,
	"voucher_fen" bigint,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "store_items_kind_known" CHECK ("store_items"."kind" in ('coupon', 'voucher', 'goods')),
	CONSTRAINT "store_items_stock_nonneg" CHECK ("store_items"."stock" >= 0),
	CONSTRAINT "store_items_price_pos" CHECK ("store_items"."points_price" > 0),
	CONSTRAINT "store_items_limit_pos" CHECK ("store_items"."per_user_limit" > 0),
	CONSTRAINT "store_items_payload_by_kind" CHECK (("store_items"."kind" = 'coupon' and "store_items"."coupon_group_id" is not null and "store_items"."voucher_fen" is null)
        or ("store_items"."kind" = 'voucher' and "store_items"."voucher_fen" > 0 and "store_items"."coupon_group_id" is null)
        or ("store_items"."kind" = 'goods' and "store_items"."coupon_group_id" is null and "store_items"."voucher_fen" is null))
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"item_name" text NOT NULL,
	"points" integer NOT NULL,
	"status" text NOT NULL,
	"operation_key" text NOT NULL,
	"coupon_id" bigint,
	"voucher_fen" bigint,
	"recipient" text,
	"phone" text,
	"address" text,
	"carrier" text,
	"tracking_no" text,
	"created_at" timestamp with time zone NOT NULL,
	"shipped_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "store_orders_status_known" CHECK ("store_orders"."status" in ('pending_shipment', 'shipped', 'completed')),
	CONSTRAINT "store_orders_points_pos" CHECK ("store_orders"."points" > 0),
	CONSTRAINT "store_orders_goods_address" CHECK (("store_orders"."kind" = 'goods') = ("store_orders"."recipient" is not null and "store_orders"."phone" is not null and "store_orders"."address" is not null)),
	CONSTRAINT "store_orders_shipping" CHECK (("store_orders"."status" = 'pending_shipment' and "store_orders"."kind" = 'goods' and "store_orders"."shipped_at" is null and "store_orders"."completed_at" is null)
        or ("store_orders"."status" = 'shipped' and "store_orders"."kind" = 'goods' and "store_orders"."carrier" is not null and "store_orders"."tracking_no" is not null
            and "store_orders"."shipped_at" is not null and "store_orders"."completed_at" is null)
        or ("store_orders"."status" = 'completed' and "store_orders"."completed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "points_spend_totals" ADD CONSTRAINT "points_spend_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_item_takers" ADD CONSTRAINT "store_item_takers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_item_takers" ADD CONSTRAINT "store_item_takers_item_id_store_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."store_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_items" ADD CONSTRAINT "store_items_coupon_group_id_coupon_groups_id_fk" FOREIGN KEY ("coupon_group_id") REFERENCES "public"."coupon_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_item_id_store_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."store_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_coupon_id_user_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."user_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_spend_counted_user_idx" ON "points_spend_counted" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_item_takers_uq" ON "store_item_takers" USING btree ("user_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_orders_operation_uq" ON "store_orders" USING btree ("user_id","operation_key");--> statement-breakpoint
CREATE INDEX "store_orders_user_idx" ON "store_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "store_orders_pending_idx" ON "store_orders" USING btree ("id") WHERE "store_orders"."status" <> 'completed';