CREATE TABLE "bare_metal_reservations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"sub_account_id" bigint,
	"region_id" bigint NOT NULL,
	"gpu_model_id" bigint NOT NULL,
	"machines" integer NOT NULL,
	"months" integer NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bare_metal_reservations_machines_range" CHECK ("bare_metal_reservations"."machines" between 1 and 100),
	CONSTRAINT "bare_metal_reservations_months_range" CHECK ("bare_metal_reservations"."months" between 1 and 36),
	CONSTRAINT "bare_metal_reservations_status_known" CHECK ("bare_metal_reservations"."status" in ('pending', 'contacted', 'fulfilled', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "gpu_models" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"memory_gb" integer NOT NULL,
	"cpu_cores_per_gpu" integer NOT NULL,
	"ram_gb_per_gpu" integer NOT NULL,
	"system_disk_gb" integer NOT NULL,
	"data_disk_gb_per_gpu" integer NOT NULL,
	"max_cuda_version" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gpu_models_specs_pos" CHECK ("gpu_models"."memory_gb" > 0 and "gpu_models"."cpu_cores_per_gpu" > 0 and "gpu_models"."ram_gb_per_gpu" > 0 and "gpu_models"."system_disk_gb" > 0 and "gpu_models"."data_disk_gb_per_gpu" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gpu_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gpu_model_id" bigint NOT NULL,
	"machine_type" text NOT NULL,
	"unit_price_fen" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gpu_prices_unit_pos" CHECK ("gpu_prices"."unit_price_fen" > 0),
	CONSTRAINT "gpu_prices_type_known" CHECK ("gpu_prices"."machine_type" in ('kvm', 'docker', 'bare_metal'))
);
--> statement-breakpoint
CREATE TABLE "hosts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region_id" bigint NOT NULL,
	"machine_type" text NOT NULL,
	"gpu_model_id" bigint NOT NULL,
	"gpu_total" integer NOT NULL,
	"gpu_free" integer NOT NULL,
	"cuda_version" text NOT NULL,
	"ssh_host" text NOT NULL,
	"online" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hosts_gpu_total_pos" CHECK ("hosts"."gpu_total" > 0),
	CONSTRAINT "hosts_gpu_free_range" CHECK ("hosts"."gpu_free" >= 0 and "hosts"."gpu_free" <= "hosts"."gpu_total"),
	CONSTRAINT "hosts_type_known" CHECK ("hosts"."machine_type" in ('kvm', 'docker', 'bare_metal'))
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"framework" text NOT NULL,
	"version" text NOT NULL,
	"cuda_version" text NOT NULL,
	"python_version" text,
	"owner_user_id" bigint,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instance_settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instance_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"seconds" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"paid_voucher_fen" bigint DEFAULT 0 NOT NULL,
	"paid_cash_fen" bigint DEFAULT 0 NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_settlements_period_order" CHECK ("instance_settlements"."period_end" > "instance_settlements"."period_start"),
	CONSTRAINT "instance_settlements_seconds_pos" CHECK ("instance_settlements"."seconds" > 0),
	CONSTRAINT "instance_settlements_amount_nonneg" CHECK ("instance_settlements"."amount_fen" >= 0),
	CONSTRAINT "instance_settlements_paid_sum" CHECK ("instance_settlements"."paid_voucher_fen" >= 0 and "instance_settlements"."paid_cash_fen" >= 0 and "instance_settlements"."paid_voucher_fen" + "instance_settlements"."paid_cash_fen" = "instance_settlements"."amount_fen")
);
--> statement-breakpoint
CREATE TABLE "instances" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"name" text NOT NULL,
	"user_id" bigint NOT NULL,
	"sub_account_id" bigint,
	"host_id" bigint NOT NULL,
	"machine_type" text NOT NULL,
	"gpu_model_id" bigint NOT NULL,
	"gpu_count" integer NOT NULL,
	"image_id" bigint NOT NULL,
	"data_disk_gb" integer NOT NULL,
	"billing_mode" text NOT NULL,
	"package_units" integer DEFAULT 0 NOT NULL,
	"unit_price_fen" bigint NOT NULL,
	"duration_discount_bp" integer NOT NULL,
	"vip_discount_bp" integer NOT NULL,
	"state" text DEFAULT 'creating' NOT NULL,
	"gpu_held" boolean DEFAULT true NOT NULL,
	"transition_at" timestamp with time zone,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stop_reason" text,
	"billed_until" timestamp with time zone,
	"package_expires_at" timestamp with time zone,
	"release_at" timestamp with time zone,
	"cost_fen" bigint DEFAULT 0 NOT NULL,
	"ssh_port" integer NOT NULL,
	"ssh_password" text NOT NULL,
	"jupyter_token" text NOT NULL,
	"operation_key" text NOT NULL,
	"notified" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "instances_gpu_count_pos" CHECK ("instances"."gpu_count" > 0),
	CONSTRAINT "instances_data_disk_nonneg" CHECK ("instances"."data_disk_gb" >= 0),
	CONSTRAINT "instances_package_units_nonneg" CHECK ("instances"."package_units" >= 0),
	CONSTRAINT "instances_unit_price_nonneg" CHECK ("instances"."unit_price_fen" >= 0),
	CONSTRAINT "instances_discounts_range" CHECK ("instances"."duration_discount_bp" between 0 and 10000 and "instances"."vip_discount_bp" between 0 and 10000),
	CONSTRAINT "instances_cost_nonneg" CHECK ("instances"."cost_fen" >= 0),
	CONSTRAINT "instances_billing_mode_known" CHECK ("instances"."billing_mode" in ('hour', 'day', 'month')),
	CONSTRAINT "instances_state_known" CHECK ("instances"."state" in ('creating', 'running', 'stopping', 'stopped', 'starting', 'restarting', 'releasing', 'released')),
	CONSTRAINT "instances_type_known" CHECK ("instances"."machine_type" in ('kvm', 'docker', 'bare_metal')),
	CONSTRAINT "instances_package_has_expiry" CHECK (("instances"."billing_mode" = 'hour') or ("instances"."package_expires_at" is not null)),
	CONSTRAINT "instances_released_holds_nothing" CHECK (("instances"."state" <> 'released') or (not "instances"."gpu_held"))
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bare_metal_reservations" ADD CONSTRAINT "bare_metal_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bare_metal_reservations" ADD CONSTRAINT "bare_metal_reservations_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bare_metal_reservations" ADD CONSTRAINT "bare_metal_reservations_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bare_metal_reservations" ADD CONSTRAINT "bare_metal_reservations_gpu_model_id_gpu_models_id_fk" FOREIGN KEY ("gpu_model_id") REFERENCES "public"."gpu_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpu_prices" ADD CONSTRAINT "gpu_prices_gpu_model_id_gpu_models_id_fk" FOREIGN KEY ("gpu_model_id") REFERENCES "public"."gpu_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosts" ADD CONSTRAINT "hosts_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosts" ADD CONSTRAINT "hosts_gpu_model_id_gpu_models_id_fk" FOREIGN KEY ("gpu_model_id") REFERENCES "public"."gpu_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_settlements" ADD CONSTRAINT "instance_settlements_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_settlements" ADD CONSTRAINT "instance_settlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_gpu_model_id_gpu_models_id_fk" FOREIGN KEY ("gpu_model_id") REFERENCES "public"."gpu_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bare_metal_reservations_user_idx" ON "bare_metal_reservations" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "gpu_models_code_uq" ON "gpu_models" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "gpu_prices_model_type_uq" ON "gpu_prices" USING btree ("gpu_model_id","machine_type");--> statement-breakpoint
CREATE UNIQUE INDEX "hosts_name_uq" ON "hosts" USING btree ("name");--> statement-breakpoint
CREATE INDEX "hosts_offer_idx" ON "hosts" USING btree ("machine_type","gpu_model_id","region_id");--> statement-breakpoint
CREATE UNIQUE INDEX "images_code_uq" ON "images" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "instance_settlements_period_uq" ON "instance_settlements" USING btree ("instance_id","period_start");--> statement-breakpoint
CREATE INDEX "instance_settlements_user_idx" ON "instance_settlements" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "instances_uuid_uq" ON "instances" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "instances_operation_uq" ON "instances" USING btree ("user_id","operation_key");--> statement-breakpoint
CREATE INDEX "instances_user_idx" ON "instances" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "instances_host_idx" ON "instances" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "instances_transition_idx" ON "instances" USING btree ("transition_at") WHERE "instances"."transition_at" is not null;--> statement-breakpoint
CREATE INDEX "instances_hourly_running_idx" ON "instances" USING btree ("billed_until") WHERE "instances"."billing_mode" = 'hour' and "instances"."state" = 'running';--> statement-breakpoint
CREATE INDEX "instances_package_expiry_idx" ON "instances" USING btree ("package_expires_at") WHERE "instances"."billing_mode" <> 'hour' and "instances"."state" <> 'released';--> statement-breakpoint
CREATE INDEX "instances_release_idx" ON "instances" USING btree ("release_at") WHERE "instances"."state" = 'stopped';--> statement-breakpoint
CREATE UNIQUE INDEX "regions_code_uq" ON "regions" USING btree ("code");