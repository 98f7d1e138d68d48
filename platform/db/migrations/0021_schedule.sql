CREATE TABLE "scheduled_shutdowns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instance_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"fire_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"cancel_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "scheduled_shutdowns_state_known" CHECK ("scheduled_shutdowns"."state" in ('pending', 'fired', 'cancelled')),
	CONSTRAINT "scheduled_shutdowns_ended_shape" CHECK (("scheduled_shutdowns"."state" = 'pending') = ("scheduled_shutdowns"."ended_at" is null)
        and ("scheduled_shutdowns"."state" = 'cancelled') = ("scheduled_shutdowns"."cancel_reason" is not null)
        and ("scheduled_shutdowns"."cancel_reason" is null or "scheduled_shutdowns"."cancel_reason" in ('user', 'stopped'))),
	CONSTRAINT "scheduled_shutdowns_whole_minute" CHECK (extract(second from "scheduled_shutdowns"."fire_at") = 0)
);
--> statement-breakpoint
ALTER TABLE "scheduled_shutdowns" ADD CONSTRAINT "scheduled_shutdowns_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_shutdowns_pending_uq" ON "scheduled_shutdowns" USING btree ("instance_id") WHERE "scheduled_shutdowns"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "scheduled_shutdowns_due_idx" ON "scheduled_shutdowns" USING btree ("fire_at") WHERE "scheduled_shutdowns"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "scheduled_shutdowns_instance_idx" ON "scheduled_shutdowns" USING btree ("instance_id","id");--> statement-breakpoint
-- hand-written (issue 36, schedule)
-- Any stop or release of an instance (the user's stop, stop with refund, arrears, package expiry, release, a
-- migration's or any later path's) cancels its pending scheduled shutdown in the same statement, and logs it, so a
-- shutdown never fires on a later start (decision 087). The fire job marks its row fired before this runs.
CREATE FUNCTION "cancel_scheduled_shutdown_on_stop"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH cancelled AS (
    UPDATE "scheduled_shutdowns" s
    SET "state" = 'cancelled', "cancel_reason" = 'stopped', "ended_at" = NEW."state_changed_at"
    WHERE s."instance_id" = NEW."id" AND s."state" = 'pending'
    RETURNING s."fire_at"
  )
  INSERT INTO "instance_events" ("instance_id", "user_id", "kind", "actor", "text", "created_at")
  SELECT NEW."id", NEW."user_id", 'schedule_cancel', 'system',
    '实例已' || CASE WHEN NEW."state" IN ('releasing', 'released') THEN '释放' ELSE '关机' END || '，原定 '
      || to_char((c."fire_at" AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD HH24:MI')
      || '（北京时间）的定时关机已自动取消',
    NEW."state_changed_at"
  FROM cancelled c;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "instances_stop_cancels_scheduled_shutdown" AFTER UPDATE OF "state" ON "instances"
  FOR EACH ROW WHEN (OLD."state" IS DISTINCT FROM NEW."state" AND NEW."state" IN ('stopping', 'stopped', 'releasing', 'released'))
  EXECUTE FUNCTION "cancel_scheduled_shutdown_on_stop"();
