/**
 * Issue 33 §1, decision 058: no provider is called inside a database
 * transaction. The providers as createProviders makes them refuse any call
 * made inside inTransaction, and the transaction rolls back; the same call
 * after the commit goes through.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { afterCommit, inTransaction, insideTransaction } from "../db/tx";
import { ProviderInTransactionError } from "./guard";
import { createProviders, type Providers } from "./index";

let database: Database;
let providers: Providers;
const sent: string[] = [];

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await database.db.execute(sql`create table probe (n int)`);
  providers = createProviders(
    {
      dataDir: "memory://",
      sms: { provider: "sandbox" },
      email: { provider: "sandbox" },
      identity: { provider: "sandbox" },
      payments: {
        publicUrl: "http://127.0.0.1:3000",
        transfer: null,
        sandboxSecret: "guard-test-secret-0123456789abcdef",
        wechat: { provider: "sandbox" },
        alipay: { provider: "sandbox" },
      },
    },
    database.db,
  );
  providers.sms = {
    sendCode: async (m) => void sent.push(`code ${m.phone}`),
    sendNotice: async (n) => void sent.push(`notice ${n.phone}`),
  };
});
afterAll(() => database.close());

const probeRows = async () =>
  ((await database.db.execute(sql`select count(*)::int as n from probe`)) as unknown as { rows: { n: number }[] })
    .rows[0];

describe("providers inside a transaction", () => {
  it("every outside call throws inside inTransaction, and the transaction rolls back", async () => {
    const calls: [string, (p: Providers) => Promise<unknown>][] = [
      ["sms.sendNotice", (p) => p.sms.sendNotice({ phone: "13800000000", template: "work_order_reply", params: {} })],
      ["sms.sendCode", (p) => p.sms.sendCode({ phone: "13800000000", purpose: "login", code: "123456" })],
      ["email.send", (p) => p.email.send({ to: "a@b.cn", subject: "s", text: "t" })],
      ["payments.wechat.queryOrder", (p) => p.payments.wechat.queryOrder("X1")],
      ["storage.put", (p) => p.storage.put("k", new Uint8Array([1]), "image/png")],
    ];
    for (const [name, call] of calls) {
      const attempt = inTransaction(database.db, async (tx) => {
        await tx.execute(sql`insert into probe values (1)`);
        await call(providers);
      });
      await expect(attempt, name).rejects.toBeInstanceOf(ProviderInTransactionError);
      await expect(attempt, name).rejects.toThrow(`provider call ${name}() inside a database transaction`);
    }
    expect(await probeRows()).toEqual({ n: 0 });
    expect(sent).toEqual([]);
  });

  it("also in a nested transaction, and in a provider replaced after creation (tests swap them)", async () => {
    const attempt = inTransaction(database.db, (tx) =>
      inTransaction(tx, () => providers.sms.sendNotice({ phone: "1", template: "work_order_reply", params: {} })),
    );
    await expect(attempt).rejects.toBeInstanceOf(ProviderInTransactionError);
    expect(sent).toEqual([]);
  });

  it("the fleet's local answers (state delays, the access line) are allowed inside", async () => {
    const delay = await inTransaction(database.db, async () => providers.compute.transitionDelayMs("creating"));
    expect(delay).toBeGreaterThanOrEqual(0);
    await expect(inTransaction(database.db, async () => providers.compute.provision())).rejects.toBeInstanceOf(
      ProviderInTransactionError,
    );
  });

  it("outside a transaction, and after its commit, the call goes through", async () => {
    await providers.sms.sendNotice({ phone: "13800000001", template: "work_order_reply", params: {} });
    let afterwards: Promise<void> | undefined;
    await inTransaction(database.db, async (tx) => {
      await tx.execute(sql`insert into probe values (2)`);
      afterCommit(tx, () => {
        expect(insideTransaction()).toBe(false);
        afterwards = providers.sms.sendNotice({ phone: "13800000002", template: "work_order_reply", params: {} });
      });
      expect(afterwards).toBeUndefined();
    });
    await afterwards;
    expect(sent).toEqual(["notice 13800000001", "notice 13800000002"]);
  });

  it("a rolled-back transaction runs none of its after-commit work", async () => {
    let ran = false;
    await expect(
      inTransaction(database.db, async (tx) => {
        afterCommit(tx, () => (ran = true));
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(ran).toBe(false);
  });
});
