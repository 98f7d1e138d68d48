CREATE TABLE "verification_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"entry_id" bigint,
	"purpose" text NOT NULL,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"purged_at" timestamp with time zone,
	CONSTRAINT "verification_files_purpose_known" CHECK ("verification_files"."purpose" in ('id_front', 'id_back', 'licence', 'authorisation', 'other', 'student_card'))
);
--> statement-breakpoint
ALTER TABLE "verification_files" ADD CONSTRAINT "verification_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_files" ADD CONSTRAINT "verification_files_entry_id_verification_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."verification_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_files_storage_key_uq" ON "verification_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "verification_files_user_idx" ON "verification_files" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "verification_files_entry_idx" ON "verification_files" USING btree ("entry_id") WHERE "verification_files"."entry_id" is not null;