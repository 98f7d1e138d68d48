CREATE TABLE "phone_change_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"ticket_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"sub_account_id" bigint,
	"method" text NOT NULL,
	"result" text NOT NULL,
	"client_address" text,
	"user_agent" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_records_method_known" CHECK ("sign_in_records"."method" in ('password', 'code', 'sub_account', 'register')),
	CONSTRAINT "sign_in_records_result_known" CHECK ("sign_in_records"."result" in ('ok', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "phone_change_tickets" ADD CONSTRAINT "phone_change_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_records" ADD CONSTRAINT "sign_in_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_records" ADD CONSTRAINT "sign_in_records_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "phone_change_tickets_hash_uq" ON "phone_change_tickets" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "phone_change_tickets_user_idx" ON "phone_change_tickets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_records_user_idx" ON "sign_in_records" USING btree ("user_id","sub_account_id","at");--> statement-breakpoint
CREATE INDEX "sign_in_records_at_idx" ON "sign_in_records" USING btree ("at");