DROP INDEX "instances_hourly_running_idx";--> statement-breakpoint
CREATE INDEX "instances_hourly_running_idx" ON "instances" USING btree ("id") WHERE "instances"."billing_mode" = 'hour' and "instances"."state" = 'running';--> statement-breakpoint
-- Half of each page of instances free, so the hourly settlement's update of every running row (billed_until, cost_fen, no
-- indexed column) stays on its page as a HOT update and touches none of the table's indexes (decision 046).
ALTER TABLE "instances" SET (fillfactor = 50);
