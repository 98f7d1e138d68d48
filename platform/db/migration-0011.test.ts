/**
 * Migration 0011 (decision 049) keeps every settlement written before it: the
 * figures its jsonb document held move to columns, and the explanation reads
 * the same. PGlite: migrated to 0010, a settlement written as 0010 wrote it,
 * then migrated on.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "./client";
import { instanceSettlements } from "./market-schema";
import { migrationsDir } from "./migrate";
import { num, rowsOf } from "../modules/finance/rows";
import { settlementDetailOf, settlementExplanation } from "../rules/bill-explanation";
import { uniquePhone } from "../../tests/support/platform";

const before0011 = mkdtempSync(path.join(tmpdir(), "migrations-0010-"));
afterAll(() => rmSync(before0011, { recursive: true, force: true }));

it("moves a settlement's detail document into its columns", async () => {
  cpSync(migrationsDir(), before0011, { recursive: true });
  const journalFile = path.join(before0011, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < "0011");
  writeFileSync(journalFile, JSON.stringify(journal));

  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await migrate(database.db as any, { migrationsFolder: before0011 });
    // The market the instance stands on, in 0010's columns: the seed's ORM inserts name every column the schema has
    // now (hosts.extra_disk_gb_total of 0025 broke this test before), so plain SQL with only what 0010 requires.
    await database.db.execute(sql`
      with region as (insert into regions (code, name) values ('t-0011', '测试区') returning id),
      model as (
        insert into gpu_models (code, name, memory_gb, cpu_cores_per_gpu, ram_gb_per_gpu, system_disk_gb,
          data_disk_gb_per_gpu, max_cuda_version)
        values ('t0011', 'RTX 4090', 24, 16, 60, 30, 50, '12.4') returning id),
      image as (
        insert into images (code, framework, version, cuda_version) values ('t-0011-image', 'PyTorch', '2.5.1', '12.4'))
      insert into hosts (name, region_id, machine_type, gpu_model_id, gpu_total, gpu_free, cuda_version, ssh_host)
      select '测试区-1号机', region.id, 'docker', model.id, 8, 8, '12.4', 'ssh-t.sandbox.gpu-cloud.local'
      from region, model`);
    // The account as the schema of 0010 has it (the ORM's insert would name columns of later migrations).
    const [account] = await rowsOf<{ id: unknown }>(
      database.db,
      sql`insert into users (phone, password_hash, nickname) values (${uniquePhone()}, '-', 'billing') returning id`,
    );
    const userId = num(account!.id);
    // The instance as 0010's columns have it (later migrations add columns the ORM's insert would name).
    const [instance] = await rowsOf<{ id: unknown }>(
      database.db,
      sql`insert into instances (uuid, name, user_id, host_id, machine_type, gpu_model_id, gpu_count, image_id,
          data_disk_gb, billing_mode, package_units, unit_price_fen, duration_discount_bp, vip_discount_bp, state,
          gpu_held, billed_until, ssh_port, ssh_password, jupyter_token, operation_key, created_at, state_changed_at)
        select 'i-0011test0001', '测试实例', ${userId}, h.id, 'docker', h.gpu_model_id, 1,
          (select min(id) from images), 50, 'hour', 0, 198, 10000, 10000, 'running', true,
          '2026-11-20T10:00:00Z', 20011, 'pw', 'tk', 'migration-0011', '2026-11-20T10:00:00Z', '2026-11-20T10:00:00Z'
        from hosts h where h.machine_type = 'docker' order by h.id limit 1
        returning id`,
    );
    const instanceId = num(instance!.id);
    await database.db.execute(sql`
      insert into instance_settlements (instance_id, user_id, period_start, period_end, seconds, amount_fen,
        paid_voucher_fen, paid_cash_fen, detail)
      values (${instanceId}, ${userId}, '2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z', 3600, 150, 50, 100,
        jsonb_build_object('seconds', 3600, 'gpuCount', 1, 'unitPriceFen', 198, 'durationDiscountBp', 10000,
          'vipDiscountBp', 9800, 'formula', 'round_half_up(…)', 'amountDueFen', 194, 'voucherFen', 50,
          'cashFen', 100, 'uncollectedFen', 44))`);

    await migrate(database.db as any, { migrationsFolder: migrationsDir() });
    const [row] = await database.db
      .select()
      .from(instanceSettlements)
      .where(eq(instanceSettlements.instanceId, instanceId));
    expect(row).toMatchObject({ gpuCount: 1, unitPriceFen: 198, durationDiscountBp: 10_000, vipDiscountBp: 9_800 });
    expect(row).toMatchObject({ amountDueFen: 194, amountFen: 150 });
    expect(settlementExplanation(settlementDetailOf(row!))).toBe(
      "3600 秒 × 1 卡 × ¥1.98/卡·时 × 会员 0.98 = ¥1.94；算力券 ¥0.50，余额 ¥1.00；余额不足未收 ¥0.44",
    );
  } finally {
    await database.close();
  }
});
