ALTER TABLE "bare_metal_reservations" DROP CONSTRAINT "bare_metal_reservations_status_known";--> statement-breakpoint
-- hand-written (issue 36, reservations): no code ever set 'contacted' or 'fulfilled'; any such row is confirmed.
UPDATE "bare_metal_reservations" SET "status" = 'confirmed' WHERE "status" IN ('contacted', 'fulfilled');--> statement-breakpoint
ALTER TABLE "bare_metal_reservations" ADD CONSTRAINT "bare_metal_reservations_status_known" CHECK ("bare_metal_reservations"."status" in ('pending', 'confirmed', 'cancelled'));
