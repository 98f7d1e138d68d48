ALTER TABLE "verification_entries" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "verification_entries" ADD COLUMN "credit_code" text;--> statement-breakpoint
ALTER TABLE "verification_entries" ADD COLUMN "legal_representative_sealed" text;--> statement-breakpoint
ALTER TABLE "verification_entries" ADD COLUMN "document_type" text;--> statement-breakpoint
ALTER TABLE "verification_entries" ADD COLUMN "note_sealed" text;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_entries_credit_code_live_uq" ON "verification_entries" USING btree ("credit_code") WHERE "verification_entries"."credit_code" is not null and "verification_entries"."status" in ('pending', 'verified');--> statement-breakpoint
ALTER TABLE "verification_entries" ADD CONSTRAINT "verification_entries_enterprise_shape" CHECK (("verification_entries"."kind" = 'enterprise') = ("verification_entries"."credit_code" is not null and "verification_entries"."company_name" is not null
        and "verification_entries"."legal_representative_sealed" is not null));--> statement-breakpoint
ALTER TABLE "verification_entries" ADD CONSTRAINT "verification_entries_document_type_known" CHECK ("verification_entries"."document_type" is null or "verification_entries"."document_type" in ('passport', 'hk_macao_permit', 'taiwan_permit', 'foreign_permanent_residence', 'other'));--> statement-breakpoint
ALTER TABLE "verification_entries" ADD CONSTRAINT "verification_entries_document_with_method" CHECK ("verification_entries"."document_type" is null or "verification_entries"."method" = 'other');