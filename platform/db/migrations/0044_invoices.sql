CREATE TABLE "invoice_titles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"tax_number" text,
	"bank_name" text,
	"bank_account" text,
	"address" text,
	"phone" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_titles_kind_known" CHECK ("invoice_titles"."kind" in ('personal', 'enterprise')),
	CONSTRAINT "invoice_titles_tax_number" CHECK (("invoice_titles"."kind" = 'personal' and "invoice_titles"."tax_number" is null) or ("invoice_titles"."kind" = 'enterprise' and "invoice_titles"."tax_number" is not null))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"title_kind" text NOT NULL,
	"title_name" text NOT NULL,
	"tax_number" text,
	"bank_name" text,
	"bank_account" text,
	"address" text,
	"phone" text,
	"email" text NOT NULL,
	"operation_key" text NOT NULL,
	"reason" text,
	"pdf_key" text,
	"red_pdf_key" text,
	"sample" text,
	"decided_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"reversal_requested_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "invoices_amount_positive" CHECK ("invoices"."amount_fen" > 0),
	CONSTRAINT "invoices_status_known" CHECK ("invoices"."status" in ('pending', 'issued', 'rejected', 'reversal_requested', 'reversed')),
	CONSTRAINT "invoices_kind_known" CHECK ("invoices"."kind" in ('normal', 'special')),
	CONSTRAINT "invoices_issued_has_pdf" CHECK ("invoices"."status" in ('pending', 'rejected') or "invoices"."pdf_key" is not null),
	CONSTRAINT "invoices_reversed_has_pdf" CHECK ("invoices"."status" <> 'reversed' or "invoices"."red_pdf_key" is not null),
	CONSTRAINT "invoices_key_length" CHECK (length("invoices"."operation_key") between 1 and 128)
);
--> statement-breakpoint
ALTER TABLE "invoice_titles" ADD CONSTRAINT "invoice_titles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_titles_user_idx" ON "invoice_titles" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_operation_uq" ON "invoices" USING btree ("user_id","operation_key");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","id");