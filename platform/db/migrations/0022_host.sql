CREATE TABLE "instance_migrations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"sub_account_id" bigint,
	"instance_id" bigint NOT NULL,
	"from_host_id" bigint NOT NULL,
	"to_host_id" bigint NOT NULL,
	"from_ssh_port" integer NOT NULL,
	"to_ssh_port" integer NOT NULL,
	"started" boolean NOT NULL,
	"operation_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "instance_migrations_other_host" CHECK ("instance_migrations"."from_host_id" <> "instance_migrations"."to_host_id")
);
--> statement-breakpoint
ALTER TABLE "instance_settlements" DROP CONSTRAINT "instance_settlements_gpu_count_pos";--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "no_gpu_rate_fen" bigint;--> statement-breakpoint
ALTER TABLE "instance_migrations" ADD CONSTRAINT "instance_migrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_migrations" ADD CONSTRAINT "instance_migrations_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_migrations" ADD CONSTRAINT "instance_migrations_from_host_id_hosts_id_fk" FOREIGN KEY ("from_host_id") REFERENCES "public"."hosts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_migrations" ADD CONSTRAINT "instance_migrations_to_host_id_hosts_id_fk" FOREIGN KEY ("to_host_id") REFERENCES "public"."hosts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instance_migrations_operation_uq" ON "instance_migrations" USING btree ("user_id","operation_key");--> statement-breakpoint
CREATE INDEX "instance_migrations_instance_idx" ON "instance_migrations" USING btree ("instance_id","id");--> statement-breakpoint
ALTER TABLE "instance_settlements" ADD CONSTRAINT "instance_settlements_gpu_count_nonneg" CHECK ("instance_settlements"."gpu_count" >= 0);--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_no_gpu_hourly" CHECK ("instances"."no_gpu_rate_fen" is null or ("instances"."no_gpu_rate_fen" >= 0 and "instances"."billing_mode" = 'hour' and not "instances"."gpu_held"));