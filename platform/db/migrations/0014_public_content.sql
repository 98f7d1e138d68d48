CREATE TABLE "ai_models" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"latest_revision" integer DEFAULT 1 NOT NULL,
	"published_revision" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"family" text NOT NULL,
	"publisher" text NOT NULL,
	"parameters" text NOT NULL,
	"gpu_memory_gb" integer NOT NULL,
	"image_id" bigint NOT NULL,
	"licence" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "ai_models_family_known" CHECK ("ai_models"."family" in ('llm', 'diffusion', 'speech', 'vision', 'multimodal')),
	CONSTRAINT "ai_models_memory" CHECK ("ai_models"."gpu_memory_gb" > 0),
	CONSTRAINT "ai_models_slug_form" CHECK ("ai_models"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length("ai_models"."slug") <= 64),
	CONSTRAINT "ai_models_status_known" CHECK ("ai_models"."status" in ('draft', 'published', 'unpublished'))
);
--> statement-breakpoint
CREATE TABLE "content_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_files_sha256_form" CHECK ("content_files"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"item_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"staff_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_revisions_kind_known" CHECK ("content_revisions"."kind" in ('doc', 'dataset', 'software', 'model')),
	CONSTRAINT "content_revisions_number" CHECK ("content_revisions"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "datasets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"latest_revision" integer DEFAULT 1 NOT NULL,
	"published_revision" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"task" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"file_count" integer NOT NULL,
	"licence" text NOT NULL,
	"source_url" text NOT NULL,
	"mount_path" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "datasets_figures" CHECK ("datasets"."size_bytes" >= 0 and "datasets"."file_count" >= 0),
	CONSTRAINT "datasets_slug_form" CHECK ("datasets"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length("datasets"."slug") <= 64),
	CONSTRAINT "datasets_status_known" CHECK ("datasets"."status" in ('draft', 'published', 'unpublished'))
);
--> statement-breakpoint
CREATE TABLE "docs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"latest_revision" integer DEFAULT 1 NOT NULL,
	"published_revision" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"parent_id" bigint,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "docs_title_length" CHECK (char_length("docs"."title") between 1 and 100),
	CONSTRAINT "docs_slug_form" CHECK ("docs"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length("docs"."slug") <= 64),
	CONSTRAINT "docs_status_known" CHECK ("docs"."status" in ('draft', 'published', 'unpublished'))
);
--> statement-breakpoint
CREATE TABLE "search_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_id" bigint NOT NULL,
	"title" text NOT NULL,
	"href" text NOT NULL,
	"plain_text" text NOT NULL,
	"words" "tsvector" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_entries_source_known" CHECK ("search_entries"."source" in ('doc', 'dataset', 'software', 'model', 'work_order_doc'))
);
--> statement-breakpoint
CREATE TABLE "software" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"latest_revision" integer DEFAULT 1 NOT NULL,
	"published_revision" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "software_slug_form" CHECK ("software"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length("software"."slug") <= 64),
	CONSTRAINT "software_status_known" CHECK ("software"."status" in ('draft', 'published', 'unpublished'))
);
--> statement-breakpoint
CREATE TABLE "software_releases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"software_id" bigint NOT NULL,
	"version" text NOT NULL,
	"platform" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"file_id" bigint NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"created_by" bigint,
	CONSTRAINT "software_releases_platform_known" CHECK ("software_releases"."platform" in ('windows', 'macos', 'linux', 'any')),
	CONSTRAINT "software_releases_version_form" CHECK ("software_releases"."version" ~ '^[0-9A-Za-z.+-]{1,32}$')
);
--> statement-breakpoint
ALTER TABLE "staff_accounts" DROP CONSTRAINT "staff_accounts_role_ck";--> statement-breakpoint
ALTER TABLE "ai_models" ADD CONSTRAINT "ai_models_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_files" ADD CONSTRAINT "content_files_uploaded_by_staff_accounts_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docs" ADD CONSTRAINT "docs_parent_id_docs_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."docs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "software_releases" ADD CONSTRAINT "software_releases_software_id_software_id_fk" FOREIGN KEY ("software_id") REFERENCES "public"."software"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "software_releases" ADD CONSTRAINT "software_releases_file_id_content_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."content_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "software_releases" ADD CONSTRAINT "software_releases_created_by_staff_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_models_slug_uq" ON "ai_models" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "ai_models_family_idx" ON "ai_models" USING btree ("family","position");--> statement-breakpoint
CREATE UNIQUE INDEX "content_files_storage_key_uq" ON "content_files" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "content_revisions_item_uq" ON "content_revisions" USING btree ("kind","item_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "datasets_slug_uq" ON "datasets" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "datasets_task_idx" ON "datasets" USING btree ("task");--> statement-breakpoint
CREATE UNIQUE INDEX "docs_slug_uq" ON "docs" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "docs_parent_idx" ON "docs" USING btree ("parent_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "search_entries_source_uq" ON "search_entries" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "search_entries_words_idx" ON "search_entries" USING gin ("words");--> statement-breakpoint
CREATE UNIQUE INDEX "software_slug_uq" ON "software" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "software_releases_version_uq" ON "software_releases" USING btree ("software_id","platform","version");--> statement-breakpoint
CREATE INDEX "software_releases_software_idx" ON "software_releases" USING btree ("software_id","released_at");--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_role_ck" CHECK ("staff_accounts"."role" in ('agent', 'lead', 'editor', 'finance', 'admin'));