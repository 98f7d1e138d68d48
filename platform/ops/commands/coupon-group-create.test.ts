import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponGroups, opsAudit } from "../../db/wallet-schema";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { runOpsCommand } from "../run";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const run = (args: Record<string, string>) =>
  runOpsCommand(t.ctx, { command: "coupon-group create", args, actor: "ops-test" });

describe("npm run ops -- coupon-group create", () => {
  it("creates a discount group for students with its targets, audited", async () => {
    const result = await run({
      name: "学生 4090 包月八五折",
      type: "1",
      discount: "0.85",
      "money-limit": "100.00",
      "use-days": "7",
      goods: "RTX 4090, A100",
      "use-mode": "1",
      "verify-type": "1",
      total: "500",
      end: "2099-12-31T23:59:59+08:00",
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const id = Number(result.outcome.target.split(":")[1]);
    const [group] = await t.db.select().from(couponGroups).where(eq(couponGroups.id, id));
    expect(group).toMatchObject({
      type: 1,
      discountBp: 8_500,
      moneyLimitFen: 100_00,
      useTimeLimitDays: 7,
      targetGoods: ["RTX 4090", "A100"],
      targetUseMode: 1,
      targetUserVerifyType: 1,
      totalNum: 500,
      remainNum: 500,
      beginAt: t.clock.now(),
      endAt: new Date("2099-12-31T15:59:59Z"),
    });
    const [audit] = await t.db.select().from(opsAudit).where(eq(opsAudit.id, result.auditId));
    expect(audit).toMatchObject({ actor: "ops-test", command: "coupon-group create", target: `coupon_group:${id}` });
    expect(result.outcome.message).toContain("×0.85");
  });

  it("refuses bad arguments and a group the rules refuse, creating nothing", async () => {
    const before = (await t.db.select().from(couponGroups)).length;
    expect(await run({ name: "x", type: "3", total: "1", end: "2099-01-01" })).toMatchObject({
      ok: false,
      error: "bad_arguments",
    });
    expect(await run({ name: "x", type: "0", amount: "1,0.0", total: "1", end: "2099-01-01" })).toMatchObject({
      ok: false,
    });
    await expect(run({ name: "无金额充值券", type: "0", total: "10", end: "2099-01-01" })).rejects.toMatchObject({
      key: "BAD_REQUEST",
      field: "amount",
    });
    await expect(
      run({ name: "已结束", type: "0", amount: "5", total: "10", begin: "2099-01-02", end: "2099-01-01" }),
    ).rejects.toMatchObject({ field: "end" });
    expect((await t.db.select().from(couponGroups)).length).toBe(before);
  });
});
