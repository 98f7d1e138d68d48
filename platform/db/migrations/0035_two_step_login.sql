CREATE TABLE "second_step_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"ticket_hash" text NOT NULL,
	"method" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "second_step_tickets_failures_range" CHECK ("second_step_tickets"."failures" >= 0)
);
--> statement-breakpoint
CREATE TABLE "two_step_recovery_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "two_step_secrets" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"secret_sealed" text NOT NULL,
	"enabled_at" timestamp with time zone NOT NULL,
	"last_step" bigint NOT NULL,
	CONSTRAINT "two_step_secrets_last_step_positive" CHECK ("two_step_secrets"."last_step" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sign_in_records" DROP CONSTRAINT "sign_in_records_result_known";--> statement-breakpoint
ALTER TABLE "second_step_tickets" ADD CONSTRAINT "second_step_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_step_recovery_codes" ADD CONSTRAINT "two_step_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_step_secrets" ADD CONSTRAINT "two_step_secrets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "second_step_tickets_hash_uq" ON "second_step_tickets" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "second_step_tickets_user_idx" ON "second_step_tickets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_step_recovery_codes_user_idx" ON "two_step_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "two_step_recovery_codes_user_hash_uq" ON "two_step_recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
ALTER TABLE "sign_in_records" ADD CONSTRAINT "sign_in_records_result_known" CHECK ("sign_in_records"."result" in ('ok', 'failed', 'second_step_failed'));