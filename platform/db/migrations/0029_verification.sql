CREATE TABLE "verification_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"id_number_hash" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "verification_attempts_kind_known" CHECK ("verification_attempts"."kind" in ('ocr', 'face', 'bank_card'))
);
--> statement-breakpoint
CREATE TABLE "verification_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"name_sealed" text,
	"id_number_sealed" text,
	"id_number_hash" text,
	"card_number_sealed" text,
	"reviewer_id" bigint,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "verification_entries_kind_known" CHECK ("verification_entries"."kind" in ('personal', 'enterprise', 'student', 'other')),
	CONSTRAINT "verification_entries_method_known" CHECK ("verification_entries"."method" in ('bank_card', 'id_face', 'licence', 'other', 'mailbox', 'card')),
	CONSTRAINT "verification_entries_status_known" CHECK ("verification_entries"."status" in ('pending', 'verified', 'rejected')),
	CONSTRAINT "verification_entries_decided_shape" CHECK (("verification_entries"."status" = 'pending') = ("verification_entries"."decided_at" is null)
        and ("verification_entries"."status" <> 'rejected' or "verification_entries"."reason" is not null)),
	CONSTRAINT "verification_entries_hash_with_number" CHECK (("verification_entries"."id_number_sealed" is null) = ("verification_entries"."id_number_hash" is null)),
	CONSTRAINT "verification_entries_sealed" CHECK ("verification_entries"."id_number_sealed" is null or "verification_entries"."id_number_sealed" like 'pd1.%')
);
--> statement-breakpoint
ALTER TABLE "verification_attempts" ADD CONSTRAINT "verification_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_entries" ADD CONSTRAINT "verification_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_entries" ADD CONSTRAINT "verification_entries_reviewer_id_staff_accounts_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_attempts_user_idx" ON "verification_attempts" USING btree ("user_id","kind","at");--> statement-breakpoint
CREATE INDEX "verification_attempts_id_hash_idx" ON "verification_attempts" USING btree ("id_number_hash","kind","at") WHERE "verification_attempts"."id_number_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_entries_live_uq" ON "verification_entries" USING btree ("user_id","kind") WHERE "verification_entries"."status" in ('pending', 'verified');--> statement-breakpoint
CREATE INDEX "verification_entries_user_idx" ON "verification_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "verification_entries_id_hash_idx" ON "verification_entries" USING btree ("id_number_hash") WHERE "verification_entries"."id_number_hash" is not null and "verification_entries"."status" in ('pending', 'verified');