ALTER TABLE "users" ADD COLUMN "notice_email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notice_email_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notice_email_token_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_notice_email_token_uq" ON "users" USING btree ("notice_email_token_hash") WHERE "users"."notice_email_token_hash" is not null;