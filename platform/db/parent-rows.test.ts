/**
 * What the ledger's and the settlements' dropped foreign keys guarded
 * (migration 0011, decision 049): no user and no instance is ever deleted or
 * changes its id. Runs on PGlite and on PostgreSQL.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instances } from "./market-schema";
import { users } from "./schema";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { insertInstance, newAccount } from "../../tests/support/billing-instances";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

/** The PostgreSQL error code a statement failed with (drizzle wraps the driver's error). */
async function failureCode(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    return err.cause?.code ?? err.code;
  }
  return undefined;
}

describe("users and instances", () => {
  it("are never deleted, by DELETE or TRUNCATE, and stay", async () => {
    const userId = await newAccount(t.db);
    const instance = await insertInstance(t.db, { userId }, t.clock.now());
    expect(await failureCode(() => t.db.delete(users).where(eq(users.id, userId)))).toBe("23001");
    expect(await failureCode(() => t.db.delete(instances).where(eq(instances.id, instance.id)))).toBe("23001");
    expect(await failureCode(() => t.db.execute(sql`truncate instances cascade`))).toBe("23001");
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, userId))).toHaveLength(1);
    expect(await t.db.select({ id: instances.id }).from(instances).where(eq(instances.id, instance.id))).toHaveLength(
      1,
    );
  });

  it("keep their ids, and other columns still change", async () => {
    const userId = await newAccount(t.db);
    const instance = await insertInstance(t.db, { userId }, t.clock.now());
    expect(await failureCode(() => t.db.execute(sql`update users set id = id + 1000000 where id = ${userId}`))).toBe(
      "23001",
    );
    expect(
      await failureCode(() => t.db.execute(sql`update instances set id = id + 1000000 where id = ${instance.id}`)),
    ).toBe("23001");
    await t.db.update(users).set({ nickname: "改名" }).where(eq(users.id, userId));
    await t.db.update(instances).set({ name: "改名实例" }).where(eq(instances.id, instance.id));
    const [user] = await t.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId));
    expect(user!.nickname).toBe("改名");
  });
});
