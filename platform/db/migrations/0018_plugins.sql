CREATE TABLE "instance_plugins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instance_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"plugin" text NOT NULL,
	"slot" integer NOT NULL,
	"port" integer NOT NULL,
	"protocol" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "instance_plugins_plugin_known" CHECK ("instance_plugins"."plugin" in ('jupyterlab', 'tensorboard', 'code_server', 'custom')),
	CONSTRAINT "instance_plugins_protocol_known" CHECK ("instance_plugins"."protocol" in ('http', 'tcp')),
	CONSTRAINT "instance_plugins_port_range" CHECK ("instance_plugins"."port" between 1 and 65535),
	CONSTRAINT "instance_plugins_slot_of_kind" CHECK (("instance_plugins"."plugin" = 'custom' and "instance_plugins"."slot" between 4 and 8) or ("instance_plugins"."plugin" <> 'custom' and "instance_plugins"."slot" between 1 and 3))
);
--> statement-breakpoint
ALTER TABLE "instance_plugins" ADD CONSTRAINT "instance_plugins_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instance_plugins_slot_uq" ON "instance_plugins" USING btree ("instance_id","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "instance_plugins_port_uq" ON "instance_plugins" USING btree ("instance_id","port");