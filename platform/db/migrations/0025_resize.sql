ALTER TABLE "hosts" ADD COLUMN "extra_disk_gb_total" integer DEFAULT 4096 NOT NULL;--> statement-breakpoint
ALTER TABLE "instance_settlements" ADD COLUMN "extra_disk_month_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "extra_disk_gb" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "extra_disk_month_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hosts" ADD CONSTRAINT "hosts_extra_disk_nonneg" CHECK ("hosts"."extra_disk_gb_total" >= 0);--> statement-breakpoint
ALTER TABLE "instance_settlements" ADD CONSTRAINT "instance_settlements_extra_disk_nonneg" CHECK ("instance_settlements"."extra_disk_month_fen" >= 0);--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_extra_disk_range" CHECK ("instances"."extra_disk_gb" >= 0 and "instances"."extra_disk_gb" <= "instances"."data_disk_gb" and "instances"."extra_disk_month_fen" >= 0);