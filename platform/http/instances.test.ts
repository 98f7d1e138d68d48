/**
 * The instance calls on the wire (platform/contract/instances.ts): yuan
 * strings, the price breakdown, the coupon pick, the rental's answer and its
 * replay, the list and the detail with its charges explained, field errors in
 * Chinese.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCouponGroup } from "../../tests/support/coupon-fixtures";
import {
  daily,
  hourly,
  mainAccount,
  opKey,
  rentalFields,
  testOffer,
  type TestAccount,
  type TestOffer,
} from "../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { claimCoupon } from "../modules/coupons/claim";
import { advanceTransitions } from "../modules/instances/transitions";

let t: TestPlatform;
let offer: TestOffer;
let renter: TestAccount;
beforeAll(async () => {
  t = await startTestPlatform();
  offer = await testOffer(t, { hosts: [8, 5] });
  renter = await mainAccount(t, { cashFen: 500_00, voucherFen: 20_00, accumulatedFen: 100_00 });
});
afterAll(() => t.close());

describe("the rental form's calls", () => {
  it("previews a package with both discounts, the best coupon and how it would be paid", async () => {
    const group = await openCouponGroup(t, { type: 1, discountBp: 9_000, targetGoods: ["rtx4090"] });
    const coupon = await claimCoupon(t.ctx, renter.caller, { groupId: group.id });
    const reply = await t.post("/instance/preview_rental", {
      session: renter.token,
      ...rentalFields(daily(offer, 3, { gpuCount: 2 })),
    });
    expect(reply.body.status).toBe(0);
    // 1.98 × 2 × 72 = 285.12; × 0.98 × 0.98 = 273.83; × 0.9 = 246.45
    expect(reply.body.data).toEqual({
      Price: {
        BillingMode: "day",
        UnitPrice: "1.98",
        GpuCount: 2,
        Hours: 72,
        Duration: 3,
        ListAmount: "285.12",
        DurationDiscount: "0.98",
        VipDiscount: "0.98",
        AfterDiscounts: "273.83",
        CouponId: coupon.id,
        CouponSaving: "27.38",
        Amount: "246.45",
      },
      PayVoucher: "20.00",
      PayCash: "226.45",
      Affordable: true,
      Shortfall: "0.00",
      FreeGpus: 8,
    });

    const pick = await t.post("/pick_valid_and_all_coupon", {
      session: renter.token,
      ...rentalFields(daily(offer, 3)),
    });
    expect(pick.body.data).toMatchObject({
      best_coupon_id: coupon.id,
      valid: [{ CouponId: coupon.id, Type: 1, Discount: "0.9", Applicable: true, Reason: "" }],
    });
    const none = await t.post("/instance/preview_rental", {
      session: renter.token,
      ...rentalFields(daily(offer, 3, { gpuCount: 2, couponId: 0 })),
    });
    expect(none.body.data.Price).toMatchObject({ CouponId: null, CouponSaving: "0.00", Amount: "273.83" });
    const hourlyPreview = await t.post("/instance/preview_rental", {
      session: renter.token,
      ...rentalFields(hourly(offer)),
      duration: "",
    });
    expect(hourlyPreview.body.data.Price).toMatchObject({ BillingMode: "hour", Hours: 1, Duration: 0, Amount: "1.94" });
  });

  it("answers bad fields in Chinese next to the field", async () => {
    const reply = await t.post("/instance/preview_rental", {
      session: renter.token,
      ...rentalFields(daily(offer, 40)),
    });
    expect(reply.body).toMatchObject({ status: 1, key: "BAD_REQUEST" });
    expect(JSON.stringify(reply.body)).toContain("时长必须在0到29之间");
    const month = await t.post("/instance/preview_rental", {
      session: renter.token,
      ...rentalFields(hourly(offer, { billingMode: "month", duration: 13 })),
    });
    expect(JSON.stringify(month.body)).toContain("包月时长必须在1到12个月之间");
    const noMode = await t.post("/instance/preview_rental", {
      session: renter.token,
      ...rentalFields(hourly(offer)),
      billing_mode: "year",
    });
    expect(JSON.stringify(noMode.body)).toContain("请选择计费方式");
  });
});

describe("a rental on the wire", () => {
  it("answers the instance and what it charged, the same again for the same key, and lists and explains it", async () => {
    const fields = {
      session: renter.token,
      ...rentalFields(daily(offer, 1, { couponId: 0 })),
      operation_key: opKey(),
      name: "我的实验机",
    };
    const first = await t.post("/instance/create_instance", fields);
    expect(first.body.status).toBe(0);
    const data = first.body.data;
    expect(data).toMatchObject({
      Replayed: false,
      Price: { Amount: "45.64" },
      Instance: {
        Name: "我的实验机",
        State: "creating",
        BillingMode: "day",
        CostSoFar: "45.64",
        HostGpuFree: 4,
        HostGpuTotal: 8,
      },
    });
    expect(data.OrderNo).toMatch(/^P[0-9A-F]{20}$/);
    const again = await t.post("/instance/create_instance", fields);
    expect(again.body.data).toMatchObject({
      Replayed: true,
      OrderNo: data.OrderNo,
      Instance: { InstanceUuid: data.Instance.InstanceUuid },
    });

    t.clock.advance(5_000);
    await advanceTransitions(t.ctx);
    const list = await t.post("/instance/get_instance_list", { session: renter.token, page: 1, page_size: 10 });
    expect(list.body.data).toMatchObject({
      total: 1,
      page: 1,
      page_size: 10,
      list: [{ InstanceUuid: data.Instance.InstanceUuid, State: "running" }],
    });
    // Each row carries how to reach it (the dashboard's SSH command and JupyterLab link), never the password.
    const row = list.body.data.list[0];
    expect(row.Access).toMatchObject({ SshPassword: null, SshCommand: expect.stringMatching(/^ssh -p \d+ root@/) });
    expect(row.Access.JupyterUrl).toContain("token=");
    expect(JSON.stringify(list.body)).not.toMatch(/"SshPassword":"/);

    const detail = await t.post("/instance/get_instance_detail", {
      session: renter.token,
      instance_uuid: data.Instance.InstanceUuid,
    });
    expect(detail.body.data.Access).toMatchObject({ SshPassword: null });
    expect(detail.body.data.Access.JupyterUrl).toContain("token=");
    expect(detail.body.data.Charges).toEqual([
      expect.objectContaining({
        Kind: "package",
        Amount: "45.64",
        Explanation: "24 小时 × 1 卡 × ¥1.98/卡·时 × 0.98 × 0.98 = ¥45.64",
      }),
    ]);
    const revealed = await t.post("/instance/get_instance_detail", {
      session: renter.token,
      instance_uuid: data.Instance.InstanceUuid,
      reveal_password: "1",
    });
    expect(revealed.body.data.Access.SshPassword).toMatch(/^[A-Za-z0-9]{16}$/);

    const mismatch = await t.post("/instance/release_instance", {
      session: renter.token,
      instance_uuid: data.Instance.InstanceUuid,
      confirm_name: "不对",
    });
    expect(mismatch.body).toMatchObject({ status: 1, key: "INSTANCE_NAME_MISMATCH" });
  });
});

describe("bad input to every instance call", () => {
  it("is refused with a status and a Chinese reason, never a 500, and changes nothing", async () => {
    const choice = rentalFields(hourly(offer));
    const calls: [string, Record<string, unknown>, string[]][] = [
      [
        "/instance/preview_rental",
        choice,
        ["machine_type", "region", "gpu_model", "gpu_count", "image_id", "billing_mode"],
      ],
      ["/pick_valid_and_all_coupon", choice, ["region", "gpu_count", "billing_mode"]],
      ["/instance/create_instance", { ...choice, operation_key: opKey() }, ["operation_key", "gpu_model", "image_id"]],
      ["/instance/get_instance_detail", { instance_uuid: "i-0123456789" }, ["instance_uuid"]],
      ["/instance/start_instance", { instance_uuid: "i-0123456789" }, ["instance_uuid"]],
      ["/instance/stop_instance", { instance_uuid: "i-0123456789" }, ["instance_uuid"]],
      ["/instance/restart_instance", { instance_uuid: "i-0123456789" }, ["instance_uuid"]],
      [
        "/instance/release_instance",
        { instance_uuid: "i-0123456789", confirm_name: "x" },
        ["instance_uuid", "confirm_name"],
      ],
      ["/instance/get_instance_list", { state: "all" }, []],
    ];
    const before = await t.unbalancedAccounts();
    const refused = (reply: { http: number; body: { status: number; reason: string } }, what: string) => {
      expect(reply.http, what).toBeLessThan(500);
      expect(reply.body.status, what).not.toBe(0);
      expect(reply.body.reason, what).toMatch(/[\u4e00-\u9fa5]/);
    };
    for (const [path, fields, required] of calls) {
      for (const field of required) {
        const missing: Record<string, unknown> = { session: renter.token, ...fields };
        delete missing[field];
        refused(await t.post(path, missing as never), `${path} without ${field}`);
      }
      for (const field of Object.keys(fields)) {
        refused(
          await t.post(path, { session: renter.token, ...fields, [field]: "x".repeat(5000) } as never),
          `${path} long ${field}`,
        );
        refused(
          await t.post(path, { session: renter.token, ...fields, [field]: ["1", "2"] } as never),
          `${path} repeated ${field}`,
        );
      }
      refused(await t.post(path, { ...fields, session: "A".repeat(43) } as never), `${path} unknown session`);
    }
    expect(await t.unbalancedAccounts()).toEqual(before);
  });
});
