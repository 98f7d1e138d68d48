/**
 * Instance plugins (issue 36 §2, decision 089): the caller's instance's tools
 * (JupyterLab, TensorBoard, code-server) switched on or off, and custom ports
 * opened or closed. The state is the instance's rows (`instance_plugins`), so a
 * stop, start or restart leaves it as it is; a switch on a running instance
 * applies now, on a stopped (or moving) one at its next start. A released
 * instance has none. Each change runs in one transaction under the instance's
 * row lock (so two requests cannot both take the last custom port) and records
 * its event in the instance log.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { instances } from "../../db/market-schema";
import { instancePlugins } from "../../db/plugins-schema";
import { inTransaction } from "../../db/tx";
import {
  BUILTIN_PLUGINS,
  BUILTIN_PLUGIN_SPECS,
  customPortProblem,
  freeCustomSlot,
  MAX_CUSTOM_PORTS,
  pluginEventText,
  pluginLabel,
  type BuiltinPlugin,
  type PluginKind,
  type PluginProtocol,
} from "../../rules/instance-plugins";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { recordInstanceEvent } from "./events";
import { ownedBy } from "./scope";
import { instanceById, type Instance } from "./view";

/** When a change takes effect: now (running), or at the next start. */
export type PluginApplies = "now" | "next_start";

export interface PluginState {
  kind: PluginKind;
  label: string;
  port: number;
  protocol: PluginProtocol;
  enabled: boolean;
  /** Where it is reached while on (an https URL, or host:port for tcp); null while off. */
  address: string | null;
  /** On and the instance running: the address answers now. */
  reachable: boolean;
}

export interface InstancePlugins {
  instance: Instance;
  /** Why nothing can be changed (released); null otherwise. */
  blocked: string | null;
  applies: PluginApplies;
  builtins: PluginState[];
  custom: PluginState[];
  customLimit: number;
}

export interface PluginChange {
  plugin: PluginState;
  /** False when it already was as asked: nothing changed, nothing logged. */
  changed: boolean;
  applies: PluginApplies;
}

type PluginRow = typeof instancePlugins.$inferSelect;
type Ctxish = Pick<Ctx, "db" | "now" | "providers">;

const RELEASED = "实例已释放，插件不可用";

const blockedReason = (state: Instance["state"]) => (state === "released" || state === "releasing" ? RELEASED : null);
const appliesIn = (state: Instance["state"]): PluginApplies => (state === "running" ? "now" : "next_start");

function stateOf(
  ctx: Pick<Ctx, "providers">,
  instance: Instance,
  p: { kind: PluginKind; slot: number; port: number; protocol: PluginProtocol; enabled: boolean },
): PluginState {
  const address = p.enabled
    ? ctx.providers.compute.pluginAddress(
        { sshHost: instance.hostSshHost },
        { sshPort: instance.sshPort, jupyterToken: instance.jupyterToken },
        { slot: p.slot, protocol: p.protocol, jupyter: p.kind === "jupyterlab" },
      )
    : null;
  return {
    kind: p.kind,
    label: pluginLabel(p.kind, p.port),
    port: p.port,
    protocol: p.protocol,
    enabled: p.enabled,
    address,
    reachable: p.enabled && instance.state === "running",
  };
}

/** A built-in tool's state: its row, or its default when never switched. */
function builtinState(ctx: Pick<Ctx, "providers">, instance: Instance, kind: BuiltinPlugin, row?: PluginRow) {
  const spec = BUILTIN_PLUGIN_SPECS[kind];
  return stateOf(ctx, instance, {
    kind,
    slot: spec.slot,
    port: spec.port,
    protocol: "http",
    enabled: row?.enabled ?? spec.defaultOn,
  });
}

const rowsOf = (db: Db, instanceId: number) =>
  db
    .select()
    .from(instancePlugins)
    .where(eq(instancePlugins.instanceId, instanceId))
    .orderBy(asc(instancePlugins.slot));

function viewOf(ctx: Pick<Ctx, "providers">, instance: Instance, rows: PluginRow[]): InstancePlugins {
  return {
    instance,
    blocked: blockedReason(instance.state),
    applies: appliesIn(instance.state),
    builtins:
      instance.state === "released"
        ? []
        : BUILTIN_PLUGINS.map((kind) =>
            builtinState(
              ctx,
              instance,
              kind,
              rows.find((r) => r.plugin === kind),
            ),
          ),
    custom:
      instance.state === "released"
        ? []
        : rows.filter((r) => r.plugin === "custom").map((r) => stateOf(ctx, instance, { ...r, kind: "custom" })),
    customLimit: MAX_CUSTOM_PORTS,
  };
}

/** The caller's instance (anyone else's: INSTANCE_NOT_FOUND), locked for the change, and its plugin rows. */
async function lockOwned(tx: Db, caller: Caller, uuid: string, now: Date) {
  const [row] = await tx
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.uuid, uuid), ownedBy(caller)))
    .for("update");
  if (!row) return fail("INSTANCE_NOT_FOUND");
  const instance = await instanceById(tx, row.id, now);
  const blocked = blockedReason(instance.state);
  if (blocked) fail("INSTANCE_STATE", undefined, blocked);
  return { instance, rows: await rowsOf(tx, row.id) };
}

/**
 * Of these instances, the ones whose JupyterLab the renter turned off (one
 * indexed read): their access shows no JupyterLab link. Empty list, no read.
 */
export async function jupyterTurnedOff(db: Db, instanceIds: readonly number[]): Promise<Set<number>> {
  if (instanceIds.length === 0) return new Set();
  const rows = await db
    .select({ instanceId: instancePlugins.instanceId })
    .from(instancePlugins)
    .where(
      and(
        inArray(instancePlugins.instanceId, [...instanceIds]),
        eq(instancePlugins.slot, BUILTIN_PLUGIN_SPECS.jupyterlab.slot),
        eq(instancePlugins.enabled, false),
      ),
    );
  return new Set(rows.map((r) => r.instanceId));
}

/** The plugin list of `/console/instancePlugin/:instanceName`: every tool with its state and address, and the custom ports. */
export async function listInstancePlugins(
  ctx: Ctxish,
  caller: Caller,
  input: { uuid: string },
): Promise<InstancePlugins> {
  const now = ctx.now();
  const [row] = await ctx.db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.uuid, input.uuid), ownedBy(caller)));
  if (!row) return fail("INSTANCE_NOT_FOUND");
  const instance = await instanceById(ctx.db, row.id, now);
  return viewOf(ctx, instance, await rowsOf(ctx.db, row.id));
}

/** Switches a built-in tool on or off; the same state again changes and logs nothing. */
export async function setInstancePlugin(
  ctx: Ctxish,
  caller: Caller,
  input: { uuid: string; plugin: BuiltinPlugin; enabled: boolean },
): Promise<PluginChange> {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const { instance, rows } = await lockOwned(tx, caller, input.uuid, now);
    const spec = BUILTIN_PLUGIN_SPECS[input.plugin];
    const row = rows.find((r) => r.plugin === input.plugin);
    const applies = appliesIn(instance.state);
    if ((row?.enabled ?? spec.defaultOn) === input.enabled)
      return { plugin: builtinState(ctx, instance, input.plugin, row), changed: false, applies };
    const [saved] = await tx
      .insert(instancePlugins)
      .values({
        instanceId: instance.id,
        userId: instance.userId,
        plugin: input.plugin,
        slot: spec.slot,
        port: spec.port,
        protocol: "http",
        enabled: input.enabled,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [instancePlugins.instanceId, instancePlugins.slot],
        set: { enabled: input.enabled, updatedAt: now },
      })
      .returning();
    await recordInstanceEvent(tx, {
      instanceId: instance.id,
      userId: instance.userId,
      kind: input.enabled ? "plugin_on" : "plugin_off",
      actor: "user",
      text: pluginEventText(input.plugin, spec.port, "http", input.enabled, applies),
      at: now,
    });
    return { plugin: builtinState(ctx, instance, input.plugin, saved), changed: true, applies };
  });
}

/** Opens a custom port (at most MAX_CUSTOM_PORTS; not 22 nor a tool's port); refusals name the `port` field. */
export async function openInstancePort(
  ctx: Ctxish,
  caller: Caller,
  input: { uuid: string; port: number; protocol: PluginProtocol },
): Promise<PluginChange> {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const { instance, rows } = await lockOwned(tx, caller, input.uuid, now);
    const custom = rows.filter((r) => r.plugin === "custom");
    const problem = customPortProblem(
      input.port,
      custom.map((r) => r.port),
    );
    if (problem) fail("BAD_REQUEST", "port", problem);
    const slot = freeCustomSlot(custom.map((r) => r.slot))!;
    const applies = appliesIn(instance.state);
    const [saved] = await tx
      .insert(instancePlugins)
      .values({
        instanceId: instance.id,
        userId: instance.userId,
        plugin: "custom",
        slot,
        port: input.port,
        protocol: input.protocol,
        enabled: true,
        updatedAt: now,
      })
      .returning();
    await recordInstanceEvent(tx, {
      instanceId: instance.id,
      userId: instance.userId,
      kind: "plugin_on",
      actor: "user",
      text: pluginEventText("custom", input.port, input.protocol, true, applies),
      at: now,
    });
    return { plugin: stateOf(ctx, instance, { ...saved!, kind: "custom" }), changed: true, applies };
  });
}

/** Closes a custom port (its row goes; its slot is free again); a port not open is refused beside `port`. */
export async function closeInstancePort(
  ctx: Ctxish,
  caller: Caller,
  input: { uuid: string; port: number },
): Promise<PluginChange> {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const { instance, rows } = await lockOwned(tx, caller, input.uuid, now);
    const row = rows.find((r) => r.plugin === "custom" && r.port === input.port);
    if (!row) return fail("BAD_REQUEST", "port", `${input.port} 端口未开放`);
    await tx.delete(instancePlugins).where(eq(instancePlugins.id, row.id));
    const applies = appliesIn(instance.state);
    await recordInstanceEvent(tx, {
      instanceId: instance.id,
      userId: instance.userId,
      kind: "plugin_off",
      actor: "user",
      text: pluginEventText("custom", row.port, row.protocol, false, applies),
      at: now,
    });
    return { plugin: stateOf(ctx, instance, { ...row, kind: "custom", enabled: false }), changed: true, applies };
  });
}
