CREATE TABLE "instance_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instance_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"text" text NOT NULL,
	"amount_fen" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "instance_events_actor_known" CHECK ("instance_events"."actor" in ('user', 'system', 'staff')),
	CONSTRAINT "instance_events_kind_shape" CHECK ("instance_events"."kind" ~ '^[a-z_]{1,40}$'),
	CONSTRAINT "instance_events_amount_nonneg" CHECK ("instance_events"."amount_fen" is null or "instance_events"."amount_fen" >= 0)
);
--> statement-breakpoint
CREATE INDEX "instance_events_instance_idx" ON "instance_events" USING btree ("instance_id","created_at","id");