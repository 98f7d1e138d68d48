/**
 * Instances straight in the tables, for the billing engine's tests and bench:
 * a host of the seeded fleet (or one of its own), and running hourly instances
 * or packages with the prices and discounts a test names. The lifecycle's
 * rental flow is not involved: billing reads only these columns.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { hosts, images, instances, type BillingMode, type InstanceState } from "../../platform/db/market-schema";
import { users } from "../../platform/db/schema";
import { uniquePhone } from "./platform";

export interface InstanceShape {
  userId: number;
  billingMode?: BillingMode;
  state?: InstanceState;
  gpuCount?: number;
  unitPriceFen?: number;
  durationDiscountBp?: number;
  vipDiscountBp?: number;
  billedUntil?: Date | null;
  packageExpiresAt?: Date | null;
  releaseAt?: Date | null;
  gpuHeld?: boolean;
  subAccountId?: number | null;
  createdAt?: Date;
  name?: string;
}

let cachedHost: { hostId: number; imageId: number; gpuModelId: number } | undefined;
let cachedDb: Db | undefined;

/** The first seeded docker host and image. */
export async function seededHost(db: Db) {
  if (cachedHost && cachedDb === db) return cachedHost;
  const [host] = await db.select().from(hosts).where(eq(hosts.machineType, "docker")).limit(1);
  const [image] = await db.select().from(images).limit(1);
  if (!host || !image) throw new Error("the market seed is missing");
  cachedDb = db;
  cachedHost = { hostId: host.id, imageId: image.id, gpuModelId: host.gpuModelId };
  return cachedHost;
}

/** A new account with no money, straight in the table. */
export async function newAccount(db: Db): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ phone: uniquePhone(), passwordHash: "-", nickname: "billing" })
    .returning({ id: users.id });
  return row!.id;
}

function values(shape: InstanceShape, host: { hostId: number; imageId: number; gpuModelId: number }, at: Date) {
  const mode = shape.billingMode ?? "hour";
  const key = randomBytes(8).toString("hex");
  return {
    uuid: `i-${key}`,
    name: shape.name ?? `测试实例-${key.slice(0, 4)}`,
    userId: shape.userId,
    subAccountId: shape.subAccountId ?? null,
    hostId: host.hostId,
    machineType: "docker" as const,
    gpuModelId: host.gpuModelId,
    gpuCount: shape.gpuCount ?? 1,
    imageId: host.imageId,
    dataDiskGb: 50,
    billingMode: mode,
    packageUnits: mode === "hour" ? 0 : 1,
    unitPriceFen: shape.unitPriceFen ?? 198,
    durationDiscountBp: shape.durationDiscountBp ?? (mode === "hour" ? 10_000 : mode === "day" ? 9_800 : 9_500),
    vipDiscountBp: shape.vipDiscountBp ?? 10_000,
    state: shape.state ?? "running",
    gpuHeld: shape.gpuHeld ?? true,
    billedUntil: shape.billedUntil === undefined ? (mode === "hour" ? at : null) : shape.billedUntil,
    packageExpiresAt: shape.packageExpiresAt ?? null,
    releaseAt: shape.releaseAt ?? null,
    sshPort: 20_000 + Math.floor(Math.random() * 40_000),
    sshPassword: "pw",
    jupyterToken: "tk",
    operationKey: key,
    createdAt: shape.createdAt ?? at,
    stateChangedAt: at,
  };
}

/** Inserts instances of these shapes; `at` is the default billed_until of hourly ones and created_at. */
export async function insertInstances(db: Db, shapes: InstanceShape[], at: Date) {
  const host = await seededHost(db);
  const rows = [];
  for (let i = 0; i < shapes.length; i += 5_000) {
    const chunk = shapes.slice(i, i + 5_000).map((s) => values(s, host, at));
    rows.push(...(await db.insert(instances).values(chunk).returning()));
  }
  return rows;
}

export async function insertInstance(db: Db, shape: InstanceShape, at: Date) {
  const [row] = await insertInstances(db, [shape], at);
  return row!;
}

export async function instanceById(db: Db, id: number) {
  const [row] = await db.select().from(instances).where(eq(instances.id, id));
  return row!;
}

export async function accountOf(db: Db, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row!;
}

/** The notifications of an account, oldest first. */
export async function notificationsOf(db: Db, userId: number) {
  const result = (await db.execute(
    sql`select title, original from notifications where user_id = ${userId} order by id`,
  )) as unknown as { rows: { title: string; original: string }[] };
  return result.rows;
}
