import { sql } from "drizzle-orm";
import { bigint, boolean, check, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { instances } from "./market-schema";

/*
 * Instance plugins (issue 36 §2, decision 089): one row per built-in tool a
 * renter has switched (JupyterLab, TensorBoard, code-server; a tool never
 * switched has its default, platform/rules/instance-plugins.ts) and one per
 * custom port opened (removed when closed). The rows are the instance's, not
 * the host's: a stop, start, restart or migration leaves them as they are.
 * `user_id` is the instance's owner, copied for the scope of reads.
 */
export const instancePlugins = pgTable(
  "instance_plugins",
  {
    id: id(),
    instanceId: bigint("instance_id", { mode: "number" })
      .notNull()
      .references(() => instances.id),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    /** jupyterlab, tensorboard, code_server or custom. */
    plugin: text("plugin", { enum: ["jupyterlab", "tensorboard", "code_server", "custom"] }).notNull(),
    /** Its place in the instance's public port block: 1–3 the built-in tools, 4–8 custom ports. */
    slot: integer("slot").notNull(),
    /** The port inside the instance. */
    port: integer("port").notNull(),
    protocol: text("protocol", { enum: ["http", "tcp"] }).notNull(),
    enabled: boolean("enabled").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("instance_plugins_slot_uq").on(t.instanceId, t.slot),
    uniqueIndex("instance_plugins_port_uq").on(t.instanceId, t.port),
    check("instance_plugins_plugin_known", sql`${t.plugin} in ('jupyterlab', 'tensorboard', 'code_server', 'custom')`),
    check("instance_plugins_protocol_known", sql`${t.protocol} in ('http', 'tcp')`),
    check("instance_plugins_port_range", sql`${t.port} between 1 and 65535`),
    check(
      "instance_plugins_slot_of_kind",
      sql`(${t.plugin} = 'custom' and ${t.slot} between 4 and 8) or (${t.plugin} <> 'custom' and ${t.slot} between 1 and 3)`,
    ),
  ],
);

export const pluginsSchema = { instancePlugins };
