/**
 * Renewing on the wire (issue 36 §1, decision 079): `/instance/preview_renewal`
 * answers what `/renew_kvm_v2` then charges; the same operation key answers the
 * first renewal; the instance's charges list the renewal explained; bad fields
 * are answered in Chinese next to the field.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daily, mainAccount, opKey, rentalFields, testOffer, type TestAccount } from "../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { advanceTransitions } from "../modules/instances/transitions";

let t: TestPlatform;
let renter: TestAccount;
let uuid: string;
let expiresAt: string;

beforeAll(async () => {
  t = await startTestPlatform();
  const offer = await testOffer(t, { hosts: [8] });
  renter = await mainAccount(t, { cashFen: 500_00 });
  const rented = await t.post("/instance/create_instance", {
    session: renter.token,
    ...rentalFields(daily(offer, 1, { couponId: 0 })),
    operation_key: opKey(),
  } as never);
  uuid = rented.body.data.Instance.InstanceUuid;
  expiresAt = rented.body.data.Instance.PackageExpiresAt;
  t.clock.advance(5_000);
  await advanceTransitions(t.ctx);
});
afterAll(() => t.close());

describe("a renewal on the wire", () => {
  it("charges the preview's figures once per key and the instance's charges explain it", async () => {
    const choice = { session: renter.token, instance_uuid: uuid, unit: "day", count: 1, coupon_id: 0 };
    const preview = await t.post("/instance/preview_renewal", choice);
    expect(preview.body).toMatchObject({
      status: 0,
      data: {
        Price: { Amount: "46.57", Hours: 24, DurationDiscount: "0.98" },
        PeriodStart: expiresAt,
        FromNow: false,
        PayCash: "46.57",
        Affordable: true,
      },
    });
    const fields = { ...choice, operation_key: opKey("renew") };
    const first = await t.post("/renew_kvm_v2", fields);
    expect(first.body).toMatchObject({
      status: 0,
      data: {
        Replayed: false,
        Price: preview.body.data.Price,
        PaidCash: "46.57",
        PeriodEnd: preview.body.data.PeriodEnd,
      },
    });
    expect(first.body.data.Instance.PackageExpiresAt).toBe(preview.body.data.PeriodEnd);
    const again = await t.post("/renew_kvm_v2", fields);
    expect(again.body.data).toMatchObject({ Replayed: true, OrderNo: first.body.data.OrderNo });

    const detail = await t.post("/instance/get_instance_detail", { session: renter.token, instance_uuid: uuid });
    const packages = detail.body.data.Charges.filter((c: { Kind: string }) => c.Kind === "package");
    expect(packages).toHaveLength(2);
    expect(packages[1]).toMatchObject({ Amount: "46.57", PeriodStart: expiresAt });
  });

  it("answers bad fields in Chinese next to the field", async () => {
    const base = { session: renter.token, instance_uuid: uuid, operation_key: opKey("renew") };
    const cases: [Record<string, unknown>, string][] = [
      [{ unit: "year", count: 1 }, "请选择续费方式（包时、包天或包月）"],
      [{ unit: "month", count: 13 }, "续费月数必须在1到12个月之间"],
      [{ unit: "day", count: 0 }, "续费时长必须在1到29之间"],
      [{ unit: "day", count: 1, operation_key: "bad key" }, "操作标识格式不正确，请刷新页面后重试"],
    ];
    for (const [fields, message] of cases) {
      const reply = await t.post("/renew_kvm_v2", { ...base, ...fields } as never);
      expect(reply.body).toMatchObject({ status: 1, key: "BAD_REQUEST" });
      expect(JSON.stringify(reply.body)).toContain(message);
    }
  });
});
