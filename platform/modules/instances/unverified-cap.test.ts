/**
 * Unverified accounts hold at most UNVERIFIED_GPU_LIMIT GPUs at once (issue 37 §1, decision 096): at renting, at
 * starting a stopped instance that gave its GPUs back, at adding GPUs; a verified account is not capped.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { VERIFICATION_LIMIT_DEFAULTS } from "../../rules/verification-unlocks";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { hourly, mainAccount, opKey, testOffer } from "../../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import type { DomainError } from "../errors";
import { startInstance, stopInstance } from "./actions";
import { createInstance } from "./create";
import { advanceTransitions } from "./transitions";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());
afterEach(() => {
  t.ctx.site.verification = { ...VERIFICATION_LIMIT_DEFAULTS };
});

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: DomainError) => ({ key: e.key, field: e.field, detail: e.detail }),
  );

async function wait(ms: number) {
  t.clock.advance(ms);
  return advanceTransitions(t.ctx);
}

describe("the unverified GPU cap", () => {
  it("an unverified account rents up to 8 GPUs at once, and is refused the 9th with the way to verify", async () => {
    const renter = await mainAccount(t, { cashFen: 100_000_00 });
    const offer = await testOffer(t, { hosts: [8, 8] });
    await createInstance(t.ctx, renter.caller, { ...hourly(offer, { gpuCount: 6 }), operationKey: opKey() });
    await createInstance(t.ctx, renter.caller, { ...hourly(offer, { gpuCount: 2 }), operationKey: opKey() });
    const refused = await refusal(
      createInstance(t.ctx, renter.caller, { ...hourly(offer, { gpuCount: 1 }), operationKey: opKey() }),
    );
    expect(refused).toEqual({
      key: "UNVERIFIED_GPU_LIMIT",
      field: "gpu_count",
      detail: "未实名认证的账号最多同时使用8张GPU（已使用8张），请先完成实名认证",
    });
  });

  it("a verified account is not capped; the limit is configurable", async () => {
    const renter = await mainAccount(t, { cashFen: 100_000_00 });
    const offer = await testOffer(t, { hosts: [8, 8] });
    t.ctx.site.verification = { ...VERIFICATION_LIMIT_DEFAULTS, unverifiedGpuLimit: 2 };
    expect(
      await refusal(createInstance(t.ctx, renter.caller, { ...hourly(offer, { gpuCount: 3 }), operationKey: opKey() })),
    ).toMatchObject({ key: "UNVERIFIED_GPU_LIMIT" });
    await t.db.update(users).set({ verifiedAs: "personal" }).where(eq(users.id, renter.userId));
    for (const gpuCount of [8, 3])
      expect(
        await outcomeOf(
          createInstance(t.ctx, renter.caller, { ...hourly(offer, { gpuCount }), operationKey: opKey() }),
        ),
      ).toBe("ok");
  });

  it("starting a stopped hourly instance takes its GPUs again, so it counts", async () => {
    const renter = await mainAccount(t, { cashFen: 100_000_00 });
    const offer = await testOffer(t, { hosts: [8, 8] });
    t.ctx.site.verification = { ...VERIFICATION_LIMIT_DEFAULTS, unverifiedGpuLimit: 4 };
    const first = await createInstance(t.ctx, renter.caller, {
      ...hourly(offer, { gpuCount: 4 }),
      operationKey: opKey(),
    });
    await wait(10_000);
    await stopInstance(t.ctx, renter.caller, { uuid: first.instance.uuid });
    await wait(10_000);
    await createInstance(t.ctx, renter.caller, { ...hourly(offer, { gpuCount: 4 }), operationKey: opKey() });
    expect(await refusal(startInstance(t.ctx, renter.caller, { uuid: first.instance.uuid }))).toMatchObject({
      key: "UNVERIFIED_GPU_LIMIT",
    });
  });
});
