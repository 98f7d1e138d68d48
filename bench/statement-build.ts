/**
 * What it costs the platform's one thread to build a statement (decision 050):
 * drizzle's query builder against a SQL template, for statements a rental runs.
 * Builds only (`toSQL` / the dialect's `sqlToQuery`), no database:
 *
 *   npx tsx bench/statement-build.ts
 *
 * Prints µs per statement, the mean of 20,000 builds after 2,000 to warm up.
 */
import { and, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/node-postgres";
import { instances } from "../platform/db/market-schema";
import { users } from "../platform/db/schema";
import { purchaseOrders, userCoupons } from "../platform/db/wallet-schema";
import { machineSpeedLine } from "./machine-speed";

const db = drizzle.mock();
const dialect = new PgDialect();
const BUILDS = 20_000;

function microseconds(build: () => unknown): number {
  for (let i = 0; i < 2_000; i++) build();
  const started = performance.now();
  for (let i = 0; i < BUILDS; i++) build();
  return ((performance.now() - started) * 1000) / BUILDS;
}

const template = (query: () => SQL) => () => dialect.sqlToQuery(query());
const now = new Date();
const rows: [string, () => unknown][] = [
  [
    "the account row, for update (builder)",
    () =>
      db
        .select({ cash: users.moneyFen, vouchers: users.powerMoneyFen, quota: users.creditQuotaFen })
        .from(users)
        .where(eq(users.id, 5))
        .for("update")
        .toSQL(),
  ],
  [
    "the account row, for update (template)",
    template(() => sql`select money_fen, power_money_fen, credit_quota_fen from users where id = ${5} for update`),
  ],
  [
    "a purchase order by number (builder)",
    () => db.select().from(purchaseOrders).where(eq(purchaseOrders.orderNo, "P1")).toSQL(),
  ],
  [
    "a coupon marked used (builder)",
    () =>
      db
        .update(userCoupons)
        .set({ usedAt: now, usedFor: "instance:i-1" })
        .where(
          and(
            eq(userCoupons.id, 1),
            eq(userCoupons.userId, 2),
            isNull(userCoupons.usedAt),
            gt(userCoupons.expiresAt, now),
          ),
        )
        .returning({ id: userCoupons.id })
        .toSQL(),
  ],
  [
    "an instance inserted (builder)",
    () =>
      db
        .insert(instances)
        .values({
          uuid: "i-1",
          name: "RTX 4090 实例",
          userId: 1,
          subAccountId: null,
          hostId: 1,
          machineType: "docker",
          gpuModelId: 1,
          gpuCount: 1,
          imageId: 1,
          dataDiskGb: 50,
          billingMode: "day",
          packageUnits: 1,
          unitPriceFen: 198,
          durationDiscountBp: 9800,
          vipDiscountBp: 10000,
          state: "creating",
          gpuHeld: true,
          transitionAt: now,
          stateChangedAt: now,
          packageExpiresAt: now,
          costFen: 4657,
          sshPort: 20001,
          sshPassword: "p",
          jupyterToken: "t",
          operationKey: "k",
          createdAt: now,
        })
        .returning({ id: instances.id })
        .toSQL(),
  ],
  [
    "an instance inserted (template)",
    template(
      () => sql`insert into instances (uuid, name, user_id, sub_account_id, host_id, machine_type, gpu_model_id,
        gpu_count, image_id, data_disk_gb, billing_mode, package_units, unit_price_fen, duration_discount_bp,
        vip_discount_bp, state, gpu_held, transition_at, state_changed_at, package_expires_at, cost_fen, ssh_port,
        ssh_password, jupyter_token, operation_key, created_at)
        values (${"i-1"}, ${"RTX 4090 实例"}, ${1}, ${null}, ${1}, ${"docker"}, ${1}, ${1}, ${1}, ${50}, ${"day"},
          ${1}, ${198}, ${9800}, ${10000}, 'creating', true, ${now.toISOString()}::timestamptz,
          ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${4657}, ${20001}, ${"p"}, ${"t"},
          ${"k"}, ${now.toISOString()}::timestamptz)
        returning id`,
    ),
  ],
];

console.log(machineSpeedLine("before"));
console.log("\n### Building one statement (no database)\n\n| statement | µs |\n| --- | ---: |");
for (const [label, build] of rows) console.log(`| ${label} | ${microseconds(build).toFixed(1)} |`);
