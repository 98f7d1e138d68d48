-- The hourly settlement writes 100,000 settlements and ledger entries in one statement; their foreign keys' per-row
-- checks took 2.3 s of its 7.4 s (decision 049). The rows it writes come from the instance and owner rows it has
-- locked, and the parents can no longer be deleted (the triggers below), so the keys are dropped.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "instance_settlements" DROP CONSTRAINT "instance_settlements_instance_id_instances_id_fk";
--> statement-breakpoint
ALTER TABLE "instance_settlements" DROP CONSTRAINT "instance_settlements_user_id_users_id_fk";
--> statement-breakpoint
-- Nothing looks settlements up by user (the expense detail finds them by instance and period).
DROP INDEX "instance_settlements_user_idx";--> statement-breakpoint
-- How a settlement was computed, as columns instead of a jsonb document per row (its keys and formula text were most of
-- the row): filled from the documents written so far.
ALTER TABLE "instance_settlements" ADD COLUMN "gpu_count" integer;--> statement-breakpoint
ALTER TABLE "instance_settlements" ADD COLUMN "unit_price_fen" bigint;--> statement-breakpoint
ALTER TABLE "instance_settlements" ADD COLUMN "duration_discount_bp" integer;--> statement-breakpoint
ALTER TABLE "instance_settlements" ADD COLUMN "vip_discount_bp" integer;--> statement-breakpoint
ALTER TABLE "instance_settlements" ADD COLUMN "amount_due_fen" bigint;--> statement-breakpoint
UPDATE "instance_settlements" SET
  "gpu_count" = ("detail"->>'gpuCount')::integer,
  "unit_price_fen" = ("detail"->>'unitPriceFen')::bigint,
  "duration_discount_bp" = ("detail"->>'durationDiscountBp')::integer,
  "vip_discount_bp" = ("detail"->>'vipDiscountBp')::integer,
  "amount_due_fen" = ("detail"->>'amountDueFen')::bigint;--> statement-breakpoint
ALTER TABLE "instance_settlements" ALTER COLUMN "gpu_count" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "instance_settlements" ALTER COLUMN "unit_price_fen" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "instance_settlements" ALTER COLUMN "duration_discount_bp" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "instance_settlements" ALTER COLUMN "vip_discount_bp" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "instance_settlements" ALTER COLUMN "amount_due_fen" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "instance_settlements" DROP COLUMN "detail";--> statement-breakpoint
ALTER TABLE "instance_settlements" ADD CONSTRAINT "instance_settlements_due_covers_amount" CHECK ("instance_settlements"."amount_due_fen" >= "instance_settlements"."amount_fen");--> statement-breakpoint
ALTER TABLE "instance_settlements" ADD CONSTRAINT "instance_settlements_gpu_count_pos" CHECK ("instance_settlements"."gpu_count" > 0);--> statement-breakpoint
ALTER TABLE "instance_settlements" ADD CONSTRAINT "instance_settlements_unit_price_nonneg" CHECK ("instance_settlements"."unit_price_fen" >= 0);--> statement-breakpoint
ALTER TABLE "instance_settlements" ADD CONSTRAINT "instance_settlements_discounts_range" CHECK ("instance_settlements"."duration_discount_bp" between 1 and 10000 and "instance_settlements"."vip_discount_bp" between 1 and 10000);--> statement-breakpoint
-- What the dropped keys also guarded: a user or an instance the ledger or a settlement refers to disappearing, or
-- changing its id. Neither is ever deleted (an account is closed, an instance released; both rows stay).
CREATE FUNCTION "refuse_parent_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never deleted: the ledger and the settlements refer to them', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_never_deleted" BEFORE DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_parent_delete"();--> statement-breakpoint
CREATE TRIGGER "instances_never_deleted" BEFORE DELETE OR TRUNCATE ON "instances"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_parent_delete"();--> statement-breakpoint
CREATE FUNCTION "refuse_parent_id_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the id of % rows never changes: the ledger and the settlements refer to it', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_id_fixed" BEFORE UPDATE OF "id" ON "users"
  FOR EACH ROW WHEN (OLD."id" IS DISTINCT FROM NEW."id") EXECUTE FUNCTION "refuse_parent_id_change"();--> statement-breakpoint
CREATE TRIGGER "instances_id_fixed" BEFORE UPDATE OF "id" ON "instances"
  FOR EACH ROW WHEN (OLD."id" IS DISTINCT FROM NEW."id") EXECUTE FUNCTION "refuse_parent_id_change"();
