CREATE TABLE "instance_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"sub_account_id" bigint,
	"instance_id" bigint NOT NULL,
	"unused_days" integer NOT NULL,
	"voucher_fen" bigint NOT NULL,
	"cash_fen" bigint NOT NULL,
	"detail" jsonb NOT NULL,
	"explanation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_refunds_amounts_nonneg" CHECK ("instance_refunds"."voucher_fen" >= 0 and "instance_refunds"."cash_fen" >= 0),
	CONSTRAINT "instance_refunds_days_nonneg" CHECK ("instance_refunds"."unused_days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "instance_refunds" ADD CONSTRAINT "instance_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_refunds" ADD CONSTRAINT "instance_refunds_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instance_refunds_instance_uq" ON "instance_refunds" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "instance_refunds_user_idx" ON "instance_refunds" USING btree ("user_id","id");