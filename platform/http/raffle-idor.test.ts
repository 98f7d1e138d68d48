/**
 * The raffle's calls over HTTP (issue 39 §4): the page's data for a visitor and a user, a draw and the
 * questionnaire, the window in the bar's notices; and the IDOR walk: another account (or the owner's sub-account)
 * with the owner's draw id and operation key → not found / a draw of its own, and nothing of the owner's changes.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raffleDraws } from "../db/raffle-schema";
import { mainAccount, subAccount, type TestAccount } from "../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { GOOD_ANSWERS, moveRaffle, openRaffle, setPrizes, spendCash } from "../../tests/support/raffle";

let t: TestPlatform;
let owner: TestAccount;
let drawId = 0;
const OWNER_KEY = "owner-draw-key-0001";

beforeAll(async () => {
  t = await startTestPlatform();
  await openRaffle(t);
  await setPrizes(t, [{ name: "100 积分", kind: "points", amount: 100, stock: 1000, weight: 10_000 }]);
  owner = await mainAccount(t, { cashFen: 500_00 });
  await spendCash(t, owner.userId, 100_00);
  const drawn = await t.post("/raffle/draw", { session: owner.token, operation_key: OWNER_KEY });
  expect(drawn.body).toMatchObject({ status: 0, data: { Outcome: "won", Prize: { Name: "100 积分", Amount: "100" } } });
  drawId = drawn.body.data.DrawId;
});
afterAll(() => t.close());

const ownerDraws = () => t.db.select().from(raffleDraws).where(eq(raffleDraws.userId, owner.userId));

describe("raffle calls", () => {
  it("show a visitor the prizes, odds and winners (masked), and the owner its draws", async () => {
    const visitor = await t.post("/raffle/overview", {});
    expect(visitor.body).toMatchObject({ status: 0, data: { State: "open", Mine: null, NoPrizeWeight: 0 } });
    expect(visitor.body.data.Winners[0].Phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const mine = await t.post("/raffle/overview", { session: owner.token });
    expect(mine.body.data.Mine).toMatchObject({ SubAccount: false, Used: 1, Left: 0, NetSpent: "100.00" });
    const record = await t.post("/raffle/draw_record", { session: owner.token, draw_id: drawId });
    expect(record.body.data).toMatchObject({ DrawId: drawId, Outcome: "won", Odds: [{ Weight: 10_000 }] });
    const banner = await t.post("/app/get_banner_and_notice", {});
    expect(Date.parse(banner.body.data.raffle_window.from)).toBeLessThan(t.clock.now().getTime());
  });

  it("take the questionnaire once, with the error beside the question", async () => {
    const me = await mainAccount(t);
    const bad = await t.post("/raffle/questionnaire", { session: me.token, ...GOOD_ANSWERS, hours: "" });
    expect(bad.body).toMatchObject({ status: 1, key: "BAD_REQUEST", data: { field: "hours" } });
    expect((await t.post("/raffle/questionnaire", { session: me.token, ...GOOD_ANSWERS })).body.status).toBe(0);
    const again = await t.post("/raffle/questionnaire", { session: me.token, ...GOOD_ANSWERS });
    expect(again.body).toMatchObject({ status: 1, key: "RAFFLE_ANSWERED" });
    const drawn = await t.post("/raffle/draw", { session: me.token, operation_key: "questionnaire-draw-01" });
    expect(drawn.body).toMatchObject({ status: 0, data: { Outcome: "won" } });
  });

  it("another account with the owner's draw id and key: not found, its own (refused) draw, nothing changes", async () => {
    const before = await ownerDraws();
    const stranger = await mainAccount(t);
    const record = await t.post("/raffle/draw_record", { session: stranger.token, draw_id: drawId });
    expect(record.body).toMatchObject({ status: 1, key: "NOT_FOUND" });
    const replay = await t.post("/raffle/draw", { session: stranger.token, operation_key: OWNER_KEY });
    expect(replay.body).toMatchObject({ status: 1, key: "RAFFLE_NO_DRAWS" });
    const sub = await subAccount(t, owner, 100_00);
    expect((await t.post("/raffle/draw_record", { session: sub.token, draw_id: drawId })).body).toMatchObject({
      status: 1,
      key: "NOT_FOUND",
    });
    expect(
      (await t.post("/raffle/draw", { session: sub.token, operation_key: "sub-draw-key-0001" })).body,
    ).toMatchObject({
      status: 1,
      key: "PERMISSION_DENIED",
    });
    expect(await ownerDraws()).toEqual(before);
  });

  it("refuse outside the window", async () => {
    const me = await mainAccount(t, { cashFen: 500_00 });
    await spendCash(t, me.userId, 100_00);
    await moveRaffle(t, "after");
    const late = await t.post("/raffle/draw", { session: me.token, operation_key: "late-draw-key-0001" });
    expect(late.body).toMatchObject({ status: 1, key: "RAFFLE_ENDED", reason: "活动已结束，感谢参与" });
    await moveRaffle(t, "before");
    const early = await t.post("/raffle/draw", { session: me.token, operation_key: "early-draw-key-001" });
    expect(early.body).toMatchObject({ status: 1, key: "RAFFLE_NOT_STARTED" });
  });
});
