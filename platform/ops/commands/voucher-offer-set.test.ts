import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { opsAudit } from "../../db/wallet-schema";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const offersOf = async (token: string) =>
  (await t.post("/get_power_money_offers", { session: token })).body.data.offers as {
    OfferId: number;
    Price: string;
    PowerMoney: string;
  }[];

it("adds an offer with a bonus, changes it, takes it off, and audits each step", async () => {
  const user = await t.registerUser();
  const added = await t.ops("voucher-offer set", { price: "2000", vouchers: "2080", sort: "5" }, "ops-wang");
  expect(added.body).toMatchObject({ ok: true });
  const id = Number(String(added.body.outcome.target).split(":")[1]);
  expect(await offersOf(user.token)).toContainEqual(
    expect.objectContaining({ OfferId: id, Price: "2000.00", PowerMoney: "2080.00" }),
  );

  const changed = await t.ops("voucher-offer set", { id: String(id), price: "2000", vouchers: "2100" });
  expect(changed.body.outcome.before).toMatchObject({ voucherFen: 2080_00 });
  expect(await offersOf(user.token)).toContainEqual(expect.objectContaining({ OfferId: id, PowerMoney: "2100.00" }));

  await t.ops("voucher-offer set", { id: String(id), price: "2000", vouchers: "2100", active: "0" });
  expect((await offersOf(user.token)).map((o) => o.OfferId)).not.toContain(id);
  const audits = await t.db
    .select()
    .from(opsAudit)
    .where(eq(opsAudit.target, `voucher_offer:${id}`));
  expect(audits).toHaveLength(3);
});

it("refuses fewer vouchers than the price, a bad amount and an unknown offer, changing nothing", async () => {
  expect((await t.ops("voucher-offer set", { price: "100", vouchers: "99.99" })).body).toMatchObject({ ok: false });
  expect((await t.ops("voucher-offer set", { price: "abc", vouchers: "100" })).body).toMatchObject({
    ok: false,
    error: "bad_arguments",
  });
  expect((await t.ops("voucher-offer set", { id: "99999", price: "1", vouchers: "1" })).body).toMatchObject({
    ok: false,
    error: "NOT_FOUND",
  });
});
