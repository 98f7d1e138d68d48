import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { opsAudit } from "../../db/wallet-schema";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const overview = async () => (await t.post("/raffle/overview", {})).body.data;

it("changes a prize's stock and weight, refuses weights above 10,000, and audits each change", async () => {
  const [first, second] = (await overview()).Prizes as { PrizeId: number; Weight: number }[];
  const changed = await t.ops("raffle prize set", { id: String(first!.PrizeId), stock: "3", weight: "200" }, "ops-li");
  expect(changed.body).toMatchObject({ ok: true, outcome: { after: { stock: 3, weight: 200 } } });
  expect((await overview()).Prizes[0]).toMatchObject({ Stock: 3, Weight: 200 });
  const tooMuch = await t.ops("raffle prize set", { id: String(second!.PrizeId), weight: "10000" });
  expect(tooMuch.body.ok).not.toBe(true);
  expect((await overview()).Prizes[1]).toMatchObject({ Weight: second!.Weight });
  const audits = await t.db
    .select()
    .from(opsAudit)
    .where(eq(opsAudit.target, `raffle_prize:${first!.PrizeId}`));
  expect(audits).toHaveLength(1);
});

it("sets the window: after it the page says ended and the bar's notices carry the new window", async () => {
  const set = await t.ops("raffle window set", {
    from: "2025-10-29T10:00:00+08:00",
    until: "2025-12-01T00:00:00+08:00",
  });
  expect(set.body).toMatchObject({ ok: true });
  expect((await overview()).State).toBe("ended");
  const banner = await t.post("/app/get_banner_and_notice", {});
  expect(banner.body.data.raffle_window).toEqual({
    from: "2025-10-29T02:00:00.000Z",
    until: "2025-11-30T16:00:00.000Z",
  });
  const backwards = await t.ops("raffle window set", {
    from: "2025-12-01T00:00:00+08:00",
    until: "2025-10-29T10:00:00+08:00",
  });
  expect(backwards.body.ok).not.toBe(true);
});
