CREATE TABLE "instance_resets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"instance_id" bigint NOT NULL,
	"image_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"operation_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "instance_resets_kind_known" CHECK ("instance_resets"."kind" in ('system_reset', 'image_change'))
);
--> statement-breakpoint
ALTER TABLE "instance_resets" ADD CONSTRAINT "instance_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_resets" ADD CONSTRAINT "instance_resets_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_resets" ADD CONSTRAINT "instance_resets_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instance_resets_operation_uq" ON "instance_resets" USING btree ("user_id","operation_key");