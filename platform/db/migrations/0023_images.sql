CREATE TABLE "custom_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"image_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"sub_account_id" bigint,
	"name" text NOT NULL,
	"source_instance_id" bigint NOT NULL,
	"size_gb" integer NOT NULL,
	"state" text DEFAULT 'saving' NOT NULL,
	"ready_at" timestamp with time zone NOT NULL,
	"operation_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "custom_images_state_known" CHECK ("custom_images"."state" in ('saving', 'available', 'deleted')),
	CONSTRAINT "custom_images_size_pos" CHECK ("custom_images"."size_gb" > 0),
	CONSTRAINT "custom_images_name_length" CHECK (char_length("custom_images"."name") between 1 and 30),
	CONSTRAINT "custom_images_deleted_at" CHECK (("custom_images"."state" = 'deleted') = ("custom_images"."deleted_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "host_image_cache" (
	"host_id" bigint NOT NULL,
	"image_id" bigint NOT NULL,
	"cached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "host_image_cache_pk" PRIMARY KEY("host_id","image_id")
);
--> statement-breakpoint
ALTER TABLE "custom_images" ADD CONSTRAINT "custom_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_images" ADD CONSTRAINT "custom_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_images" ADD CONSTRAINT "custom_images_source_instance_id_instances_id_fk" FOREIGN KEY ("source_instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_image_cache" ADD CONSTRAINT "host_image_cache_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_image_cache" ADD CONSTRAINT "host_image_cache_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_images_image_uq" ON "custom_images" USING btree ("image_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_images_operation_uq" ON "custom_images" USING btree ("user_id","operation_key");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_images_name_uq" ON "custom_images" USING btree ("user_id","name") WHERE "custom_images"."state" <> 'deleted';--> statement-breakpoint
CREATE INDEX "custom_images_user_idx" ON "custom_images" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "custom_images_saving_idx" ON "custom_images" USING btree ("ready_at") WHERE "custom_images"."state" = 'saving';