CREATE TABLE "sub_account_month_spending" (
	"sub_account_id" bigint NOT NULL,
	"month" text NOT NULL,
	"spent_fen" bigint DEFAULT 0 NOT NULL,
	"warned_at" timestamp with time zone,
	"reached_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "sub_account_month_spending_sub_account_id_month_pk" PRIMARY KEY("sub_account_id","month"),
	CONSTRAINT "sub_account_month_spending_nonneg" CHECK ("sub_account_month_spending"."spent_fen" >= 0),
	CONSTRAINT "sub_account_month_spending_month" CHECK ("sub_account_month_spending"."month" ~ '^[0-9]{4}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "sub_account_settings" (
	"sub_account_id" bigint PRIMARY KEY NOT NULL,
	"may_rent" boolean DEFAULT true NOT NULL,
	"monthly_budget_fen" bigint,
	"stop_at_budget" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "sub_account_settings_budget_nonneg" CHECK ("sub_account_settings"."monthly_budget_fen" is null or "sub_account_settings"."monthly_budget_fen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sub_account_month_spending" ADD CONSTRAINT "sub_account_month_spending_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_account_settings" ADD CONSTRAINT "sub_account_settings_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;