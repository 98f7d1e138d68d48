CREATE TABLE "gpu_free_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instance_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"sub_account_id" bigint,
	"host_id" bigint NOT NULL,
	"gpu_count" integer NOT NULL,
	"notify_sms" boolean DEFAULT false NOT NULL,
	"notify_email" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"cancel_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "gpu_free_notices_state_known" CHECK ("gpu_free_notices"."state" in ('waiting', 'sent', 'expired', 'cancelled')),
	CONSTRAINT "gpu_free_notices_end_shape" CHECK (("gpu_free_notices"."state" = 'waiting') = ("gpu_free_notices"."ended_at" is null)
        and ("gpu_free_notices"."state" = 'sent') = ("gpu_free_notices"."sent_at" is not null)
        and ("gpu_free_notices"."state" = 'cancelled') = ("gpu_free_notices"."cancel_reason" is not null)
        and ("gpu_free_notices"."cancel_reason" is null or "gpu_free_notices"."cancel_reason" in ('user', 'started', 'released', 'moved', 'gpus_held'))),
	CONSTRAINT "gpu_free_notices_expiry_after" CHECK ("gpu_free_notices"."expires_at" > "gpu_free_notices"."created_at"),
	CONSTRAINT "gpu_free_notices_gpu_count_pos" CHECK ("gpu_free_notices"."gpu_count" > 0),
	CONSTRAINT "gpu_free_notices_sub_site_only" CHECK ("gpu_free_notices"."sub_account_id" is null or (not "gpu_free_notices"."notify_sms" and not "gpu_free_notices"."notify_email"))
);
--> statement-breakpoint
ALTER TABLE "gpu_free_notices" ADD CONSTRAINT "gpu_free_notices_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpu_free_notices" ADD CONSTRAINT "gpu_free_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpu_free_notices" ADD CONSTRAINT "gpu_free_notices_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpu_free_notices" ADD CONSTRAINT "gpu_free_notices_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gpu_free_notices_waiting_uq" ON "gpu_free_notices" USING btree ("instance_id") WHERE "gpu_free_notices"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "gpu_free_notices_waiting_host_idx" ON "gpu_free_notices" USING btree ("host_id") WHERE "gpu_free_notices"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "gpu_free_notices_instance_idx" ON "gpu_free_notices" USING btree ("instance_id","id");--> statement-breakpoint
-- hand-written (issue 36, notify)
-- A waiting GPU free notice is pointless once its instance leaves 已关机 (a start, with or without GPU, or a
-- release), moves to another host, or holds its GPUs again (a renewal into a package): any such change cancels it in
-- the same statement, and logs why, so it is never sent afterwards (decision 092). The job's own claim locks the
-- instance row (FOR UPDATE … SKIP LOCKED), so a start and a send never both win.
CREATE FUNCTION "cancel_gpu_free_notice_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH cancelled AS (
    UPDATE "gpu_free_notices" n
    SET "state" = 'cancelled',
      "cancel_reason" = CASE
        WHEN NEW."state" IN ('releasing', 'released') THEN 'released'
        WHEN NEW."host_id" IS DISTINCT FROM OLD."host_id" THEN 'moved'
        WHEN NEW."state" <> 'stopped' THEN 'started'
        ELSE 'gpus_held' END,
      "ended_at" = NEW."state_changed_at"
    WHERE n."instance_id" = NEW."id" AND n."state" = 'waiting'
    RETURNING n."cancel_reason"
  )
  INSERT INTO "instance_events" ("instance_id", "user_id", "kind", "actor", "text", "created_at")
  SELECT NEW."id", NEW."user_id", 'gpu_notice_cancel', 'system',
    CASE c."cancel_reason"
      WHEN 'released' THEN '实例已释放，GPU 空闲通知已自动取消'
      WHEN 'moved' THEN '实例已迁移到其他主机，原主机的 GPU 空闲通知已自动取消'
      WHEN 'started' THEN '实例已开机，GPU 空闲通知已自动取消'
      ELSE '实例已重新占用 GPU，GPU 空闲通知已自动取消' END,
    NEW."state_changed_at"
  FROM cancelled c;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "instances_change_cancels_gpu_free_notice" AFTER UPDATE OF "state", "host_id", "gpu_held" ON "instances"
  FOR EACH ROW WHEN ((OLD."state" = 'stopped' AND NEW."state" <> 'stopped')
    OR OLD."host_id" IS DISTINCT FROM NEW."host_id"
    OR (NOT OLD."gpu_held" AND NEW."gpu_held"))
  EXECUTE FUNCTION "cancel_gpu_free_notice_on_change"();
