CREATE TABLE "point_balances" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "point_balances_nonneg" CHECK ("point_balances"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"remaining" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"operation_key" text NOT NULL,
	"refers_to" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "point_entries_nonzero" CHECK ("point_entries"."points" <> 0),
	CONSTRAINT "point_entries_balance_nonneg" CHECK ("point_entries"."balance_after" >= 0),
	CONSTRAINT "point_entries_lot" CHECK (("point_entries"."points" > 0 and "point_entries"."remaining" between 0 and "point_entries"."points" and "point_entries"."expires_at" is not null)
        or ("point_entries"."points" < 0 and "point_entries"."remaining" = 0 and "point_entries"."expires_at" is null)),
	CONSTRAINT "point_entries_kind_known" CHECK ("point_entries"."kind" in ('earn', 'event', 'prize', 'exchange', 'expire', 'clawback', 'adjustment')),
	CONSTRAINT "point_entries_key_length" CHECK (length("point_entries"."operation_key") between 1 and 128)
);
--> statement-breakpoint
ALTER TABLE "point_balances" ADD CONSTRAINT "point_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "point_entries_operation_uq" ON "point_entries" USING btree ("user_id","operation_key");--> statement-breakpoint
CREATE INDEX "point_entries_user_idx" ON "point_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "point_entries_open_lots_idx" ON "point_entries" USING btree ("user_id","expires_at") WHERE "point_entries"."remaining" > 0;