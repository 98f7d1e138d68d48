CREATE TABLE "face_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"session_id" text NOT NULL,
	"url" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "face_checks_state_known" CHECK ("face_checks"."state" in ('pending', 'passed', 'failed')),
	CONSTRAINT "face_checks_decided_shape" CHECK (("face_checks"."state" = 'pending') = ("face_checks"."decided_at" is null) and ("face_checks"."state" <> 'failed' or "face_checks"."reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "id_card_readings" (
	"file_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"side" text NOT NULL,
	"reading_sealed" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "id_card_readings_side_known" CHECK ("id_card_readings"."side" in ('front', 'back')),
	CONSTRAINT "id_card_readings_sealed" CHECK ("id_card_readings"."reading_sealed" like 'pd1.%')
);
--> statement-breakpoint
ALTER TABLE "face_checks" ADD CONSTRAINT "face_checks_entry_id_verification_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."verification_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_checks" ADD CONSTRAINT "face_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_card_readings" ADD CONSTRAINT "id_card_readings_file_id_verification_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."verification_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_card_readings" ADD CONSTRAINT "id_card_readings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "face_checks_pending_uq" ON "face_checks" USING btree ("entry_id") WHERE "face_checks"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "face_checks_entry_idx" ON "face_checks" USING btree ("entry_id","id");--> statement-breakpoint
CREATE INDEX "id_card_readings_created_idx" ON "id_card_readings" USING btree ("created_at");