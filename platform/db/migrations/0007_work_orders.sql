CREATE TABLE "work_order_categories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_categories_name_length" CHECK (char_length("work_order_categories"."name") between 1 and 32)
);
--> statement-breakpoint
CREATE TABLE "work_order_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"category_id" bigint NOT NULL,
	"question_id" bigint,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_documents_title_length" CHECK (char_length("work_order_documents"."title") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "work_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"author_kind" text NOT NULL,
	"author_id" bigint NOT NULL,
	"author_sub_account_id" bigint,
	"body" text DEFAULT '' NOT NULL,
	"from_status" text,
	"to_status" text,
	"file_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_events_kind_known" CHECK ("work_order_events"."kind" in ('comment', 'state_change', 'internal_note', 'attachment')),
	CONSTRAINT "work_order_events_author_kind_known" CHECK ("work_order_events"."author_kind" in ('user', 'staff')),
	CONSTRAINT "work_order_events_state_change_statuses" CHECK (("work_order_events"."kind" = 'state_change') = ("work_order_events"."to_status" is not null)),
	CONSTRAINT "work_order_events_internal_by_staff" CHECK ("work_order_events"."kind" <> 'internal_note' or "work_order_events"."author_kind" = 'staff')
);
--> statement-breakpoint
CREATE TABLE "work_order_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uploader_user_id" bigint,
	"uploader_sub_account_id" bigint,
	"uploader_staff_id" bigint,
	"order_id" bigint,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"byte_size" integer NOT NULL,
	"original_name" text NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone,
	CONSTRAINT "work_order_files_one_uploader" CHECK (("work_order_files"."uploader_user_id" is null) <> ("work_order_files"."uploader_staff_id" is null)),
	CONSTRAINT "work_order_files_sub_account_is_user" CHECK ("work_order_files"."uploader_sub_account_id" is null or "work_order_files"."uploader_user_id" is not null),
	CONSTRAINT "work_order_files_size_range" CHECK ("work_order_files"."byte_size" between 1 and 10485760),
	CONSTRAINT "work_order_files_attached_with_order" CHECK (("work_order_files"."order_id" is null) = ("work_order_files"."attached_at" is null))
);
--> statement-breakpoint
CREATE TABLE "work_order_questions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"category_id" bigint NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"resource_types" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_questions_name_length" CHECK (char_length("work_order_questions"."name") between 1 and 64),
	CONSTRAINT "work_order_questions_resource_types_known" CHECK (cardinality("work_order_questions"."resource_types") >= 1 and "work_order_questions"."resource_types" <@ array['account', 'instance', 'order']::text[])
);
--> statement-breakpoint
CREATE TABLE "work_order_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_subscriptions_channel_known" CHECK ("work_order_subscriptions"."channel" in ('site', 'sms', 'email')),
	CONSTRAINT "work_order_subscriptions_address_for_channel" CHECK (("work_order_subscriptions"."channel" = 'site') = ("work_order_subscriptions"."address" is null))
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"sub_account_id" bigint,
	"category_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"contact_phone" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"assignee_staff_id" bigint,
	"user_unread" boolean DEFAULT false NOT NULL,
	"staff_unread" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_staff_reply_at" timestamp with time zone,
	"last_user_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_read_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "work_orders_status_known" CHECK ("work_orders"."status" in ('new', 'processing', 'waiting_user', 'resolved', 'closed', 'revoked')),
	CONSTRAINT "work_orders_resource_type_known" CHECK ("work_orders"."resource_type" in ('account', 'instance', 'order')),
	CONSTRAINT "work_orders_title_length" CHECK (char_length("work_orders"."title") between 1 and 100),
	CONSTRAINT "work_orders_ended_with_status" CHECK (("work_orders"."status" in ('resolved', 'closed', 'revoked')) = ("work_orders"."ended_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "work_order_documents" ADD CONSTRAINT "work_order_documents_category_id_work_order_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."work_order_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_documents" ADD CONSTRAINT "work_order_documents_question_id_work_order_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."work_order_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_events" ADD CONSTRAINT "work_order_events_order_id_work_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_files" ADD CONSTRAINT "work_order_files_uploader_user_id_users_id_fk" FOREIGN KEY ("uploader_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_files" ADD CONSTRAINT "work_order_files_uploader_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("uploader_sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_files" ADD CONSTRAINT "work_order_files_order_id_work_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_questions" ADD CONSTRAINT "work_order_questions_category_id_work_order_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."work_order_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_subscriptions" ADD CONSTRAINT "work_order_subscriptions_order_id_work_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_category_id_work_order_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."work_order_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_question_id_work_order_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."work_order_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_categories_name_uq" ON "work_order_categories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "work_order_documents_category_idx" ON "work_order_documents" USING btree ("category_id","question_id");--> statement-breakpoint
CREATE INDEX "work_order_events_order_idx" ON "work_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_files_storage_key_uq" ON "work_order_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "work_order_files_order_idx" ON "work_order_files" USING btree ("order_id") WHERE "work_order_files"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "work_order_files_uploader_idx" ON "work_order_files" USING btree ("uploader_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_questions_category_name_uq" ON "work_order_questions" USING btree ("category_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_subscriptions_order_channel_uq" ON "work_order_subscriptions" USING btree ("order_id","channel");--> statement-breakpoint
CREATE INDEX "work_orders_user_idx" ON "work_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "work_orders_sub_account_idx" ON "work_orders" USING btree ("sub_account_id","id") WHERE "work_orders"."sub_account_id" is not null;--> statement-breakpoint
CREATE INDEX "work_orders_user_unread_idx" ON "work_orders" USING btree ("user_id","sub_account_id") WHERE "work_orders"."user_unread";--> statement-breakpoint
CREATE INDEX "work_orders_queue_idx" ON "work_orders" USING btree ("status","last_user_activity_at");