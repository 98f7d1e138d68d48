ALTER TABLE "messages" ADD COLUMN "sub_account_id" bigint;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "sub_account_id" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;