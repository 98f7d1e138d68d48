CREATE TABLE "cloud_disks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"region_id" bigint NOT NULL,
	"size_gb" integer NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"warned_days" integer,
	"sftp_host" text NOT NULL,
	"sftp_port" integer NOT NULL,
	"sftp_user" text NOT NULL,
	"sftp_password" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "cloud_disks_size_range" CHECK ("cloud_disks"."size_gb" between 10 and 10240 and "cloud_disks"."size_gb" % 10 = 0),
	CONSTRAINT "cloud_disks_used_range" CHECK ("cloud_disks"."used_bytes" >= 0),
	CONSTRAINT "cloud_disks_state_known" CHECK ("cloud_disks"."state" in ('active', 'read_only', 'deleted')),
	CONSTRAINT "cloud_disks_warned_known" CHECK ("cloud_disks"."warned_days" is null or "cloud_disks"."warned_days" in (7, 3, 1))
);
--> statement-breakpoint
ALTER TABLE "cloud_disks" ADD CONSTRAINT "cloud_disks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_disks" ADD CONSTRAINT "cloud_disks_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_disks_live_uq" ON "cloud_disks" USING btree ("user_id","region_id") WHERE "cloud_disks"."state" <> 'deleted';--> statement-breakpoint
CREATE INDEX "cloud_disks_expiry_idx" ON "cloud_disks" USING btree ("state","expires_at");