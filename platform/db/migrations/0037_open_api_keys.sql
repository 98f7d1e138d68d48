CREATE TABLE "open_api_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"access_key_id" text NOT NULL,
	"name" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"scopes" text[] NOT NULL,
	"allowed_addresses" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_address" text,
	CONSTRAINT "open_api_keys_scopes_known" CHECK ("open_api_keys"."scopes" <@ array['instances:read', 'instances:write', 'finance:read']),
	CONSTRAINT "open_api_keys_scopes_some" CHECK (cardinality("open_api_keys"."scopes") > 0)
);
--> statement-breakpoint
CREATE TABLE "open_api_nonces" (
	"key_id" bigint NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "open_api_nonces_key_id_nonce_pk" PRIMARY KEY("key_id","nonce")
);
--> statement-breakpoint
ALTER TABLE "open_api_keys" ADD CONSTRAINT "open_api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_api_nonces" ADD CONSTRAINT "open_api_nonces_key_id_open_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."open_api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "open_api_keys_access_key_id_uq" ON "open_api_keys" USING btree ("access_key_id");--> statement-breakpoint
CREATE INDEX "open_api_keys_user_idx" ON "open_api_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "open_api_nonces_expires_idx" ON "open_api_nonces" USING btree ("expires_at");