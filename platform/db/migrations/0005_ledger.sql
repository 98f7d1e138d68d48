CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"wallet" text NOT NULL,
	"kind" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"balance_after_fen" bigint NOT NULL,
	"operation_key" text NOT NULL,
	"seq" integer NOT NULL,
	"refers_to" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount_fen" <> 0),
	CONSTRAINT "ledger_entries_wallet_known" CHECK ("ledger_entries"."wallet" in ('cash', 'voucher', 'credit')),
	CONSTRAINT "ledger_entries_kind_known" CHECK ("ledger_entries"."kind" in ('top_up', 'purchase', 'refund', 'coupon', 'voucher', 'credit', 'withdrawal', 'adjustment')),
	CONSTRAINT "ledger_entries_seq_nonneg" CHECK ("ledger_entries"."seq" >= 0),
	CONSTRAINT "ledger_entries_key_length" CHECK (length("ledger_entries"."operation_key") between 1 and 128),
	CONSTRAINT "ledger_entries_balance_by_wallet" CHECK (("ledger_entries"."wallet" = 'cash') or ("ledger_entries"."wallet" in ('voucher', 'credit') and "ledger_entries"."balance_after_fen" >= 0))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_operation_uq" ON "ledger_entries" USING btree ("user_id","operation_key","seq");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_update_or_delete" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();
