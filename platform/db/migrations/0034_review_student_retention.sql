CREATE TABLE "student_details" (
	"entry_id" bigint PRIMARY KEY NOT NULL,
	"school" text NOT NULL,
	"student_number_sealed" text,
	"enrolment_year" integer NOT NULL,
	"graduation_year" integer NOT NULL,
	"mailbox_domain" text,
	CONSTRAINT "student_details_years" CHECK ("student_details"."graduation_year" > "student_details"."enrolment_year"),
	CONSTRAINT "student_details_sealed" CHECK ("student_details"."student_number_sealed" is null or "student_details"."student_number_sealed" like 'pd1.%')
);
--> statement-breakpoint
CREATE TABLE "student_mailbox_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"school" text NOT NULL,
	"student_number_sealed" text NOT NULL,
	"enrolment_year" integer NOT NULL,
	"graduation_year" integer NOT NULL,
	"mailbox_domain" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "staff_accounts" DROP CONSTRAINT "staff_accounts_role_ck";--> statement-breakpoint
ALTER TABLE "verification_entries" DROP CONSTRAINT "verification_entries_status_known";--> statement-breakpoint
ALTER TABLE "verification_entries" DROP CONSTRAINT "verification_entries_hash_with_number";--> statement-breakpoint
ALTER TABLE "verification_entries" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_details" ADD CONSTRAINT "student_details_entry_id_verification_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."verification_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_mailbox_codes" ADD CONSTRAINT "student_mailbox_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_mailbox_codes_user_idx" ON "student_mailbox_codes" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_role_ck" CHECK ("staff_accounts"."role" in ('agent', 'lead', 'editor', 'reviewer', 'finance', 'admin'));--> statement-breakpoint
ALTER TABLE "verification_entries" ADD CONSTRAINT "verification_entries_status_known" CHECK ("verification_entries"."status" in ('pending', 'verified', 'rejected', 'expired'));--> statement-breakpoint
ALTER TABLE "verification_entries" ADD CONSTRAINT "verification_entries_hash_with_number" CHECK (("verification_entries"."id_number_sealed" is null) = ("verification_entries"."id_number_hash" is null) or "verification_entries"."erased_at" is not null);