CREATE TABLE "instance_downgrades" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"sub_account_id" bigint,
	"instance_id" bigint NOT NULL,
	"operation_key" text NOT NULL,
	"from_gpu_count" integer NOT NULL,
	"to_gpu_count" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"voucher_fen" bigint NOT NULL,
	"cash_fen" bigint NOT NULL,
	"detail" jsonb NOT NULL,
	"explanation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_downgrades_amounts_nonneg" CHECK ("instance_downgrades"."voucher_fen" >= 0 and "instance_downgrades"."cash_fen" >= 0),
	CONSTRAINT "instance_downgrades_fewer_gpus" CHECK ("instance_downgrades"."to_gpu_count" >= 1 and "instance_downgrades"."to_gpu_count" < "instance_downgrades"."from_gpu_count"),
	CONSTRAINT "instance_downgrades_period" CHECK ("instance_downgrades"."period_end" >= "instance_downgrades"."period_start")
);
--> statement-breakpoint
ALTER TABLE "instance_downgrades" ADD CONSTRAINT "instance_downgrades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_downgrades" ADD CONSTRAINT "instance_downgrades_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instance_downgrades_key_uq" ON "instance_downgrades" USING btree ("user_id","operation_key");--> statement-breakpoint
CREATE INDEX "instance_downgrades_instance_idx" ON "instance_downgrades" USING btree ("instance_id","id");