CREATE TABLE "wechat_bindings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"openid" text NOT NULL,
	"unionid" text,
	"nickname" text,
	"bound_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_scenes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scene" text NOT NULL,
	"ticket_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"openid" text,
	"unionid" text,
	"nickname" text,
	"scanned_at" timestamp with time zone,
	"bind_outcome" text,
	"used_at" timestamp with time zone,
	CONSTRAINT "wechat_scenes_purpose_known" CHECK ("wechat_scenes"."purpose" in ('login', 'bind')),
	CONSTRAINT "wechat_scenes_bind_has_user" CHECK (("wechat_scenes"."purpose" = 'bind') = ("wechat_scenes"."user_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "sign_in_records" DROP CONSTRAINT "sign_in_records_method_known";--> statement-breakpoint
ALTER TABLE "wechat_bindings" ADD CONSTRAINT "wechat_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_scenes" ADD CONSTRAINT "wechat_scenes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_bindings_openid_uq" ON "wechat_bindings" USING btree ("openid");--> statement-breakpoint
CREATE INDEX "wechat_bindings_user_idx" ON "wechat_bindings" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_scenes_scene_uq" ON "wechat_scenes" USING btree ("scene");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_scenes_ticket_uq" ON "wechat_scenes" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "wechat_scenes_expires_idx" ON "wechat_scenes" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "sign_in_records" ADD CONSTRAINT "sign_in_records_method_known" CHECK ("sign_in_records"."method" in ('password', 'code', 'sub_account', 'register', 'wechat'));