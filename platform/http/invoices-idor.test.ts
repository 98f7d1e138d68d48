/**
 * The invoices' IDOR walk (issue 39 §1 and §5): every invoice call that takes an id — an application, its PDF, its
 * reversal, a title — is called by another account with the owner's ids; the answer is "not found", the other's
 * lists hold none of the owner's rows, and nothing of the owner's changes. A sub-account of the owner is refused.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, invoiceTitles } from "../db/invoice-schema";
import { users } from "../db/schema";
import { postToLedger } from "../modules/wallet/ledger";
import { mainAccount, subAccount, type TestAccount } from "../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { addStaff, staffLogin, staffPost } from "../../tests/support/staff";

let t: TestPlatform;
let owner: TestAccount;
let stranger: TestAccount;
let sub: TestAccount;
const ids = { invoice: 0, title: 0 };

const snapshot = async () => ({
  invoices: await t.db.select().from(invoices).where(eq(invoices.userId, owner.userId)),
  titles: await t.db.select().from(invoiceTitles).where(eq(invoiceTitles.userId, owner.userId)),
});

beforeAll(async () => {
  t = await startTestPlatform();
  owner = await mainAccount(t);
  stranger = await mainAccount(t);
  for (const a of [owner, stranger])
    await t.db.update(users).set({ verifiedAs: "personal" }).where(eq(users.id, a.userId));
  await postToLedger(t.ctx, {
    userId: owner.userId,
    operationKey: "idor-top-up",
    refersTo: "recharge:idor",
    movements: [{ wallet: "cash", kind: "top_up", amountFen: 10_000 }],
  });
  const title = await t.post("/invoice/title/add", { session: owner.token, kind: "personal", name: "王五" });
  ids.title = title.body.data.Id;
  const applied = await t.post("/v3/addInvoiceRecord", {
    session: owner.token,
    kind: "normal",
    amount: "50",
    title_id: ids.title,
    email: "owner@example.cn",
    idempotency_key: "owner-invoice-key-0001",
  });
  ids.invoice = applied.body.data.Id;
  const finance = await staffLogin(t, await addStaff(t, "finance"));
  expect((await staffPost(t, "/invoices/issue_sample", finance, { id: ids.invoice })).body.status).toBe(0);
  sub = await subAccount(t, owner, 10_000);
});
afterAll(() => t.close());

const byId = (): [string, Record<string, string | number>][] => [
  ["/invoice/get_detail", { id: ids.invoice }],
  ["/invoice/download", { id: ids.invoice }],
  ["/invoice/download", { id: ids.invoice, red: "1" }],
  ["/invoice/request_reversal", { id: ids.invoice }],
  ["/invoice/title/update", { id: ids.title, kind: "personal", name: "冒名" }],
  ["/invoice/title/delete", { id: ids.title }],
  [
    "/v3/addInvoiceRecord",
    { kind: "normal", amount: "1", title_id: ids.title, email: "x@example.cn", idempotency_key: "stranger-key-00001" },
  ],
];

describe("another account with the owner's invoice ids", () => {
  it("is answered not found by every call that takes one, and nothing of the owner's changes", async () => {
    const before = await snapshot();
    for (const [path, fields] of byId()) {
      const reply = await t.post(path, { ...fields, session: stranger.token });
      expect([path, reply.body.status, reply.body.reason]).toEqual([path, 1, "请求的内容不存在"]);
    }
    const list = await t.post("/v2/get_invoice_list", { session: stranger.token });
    expect(list.body.data).toMatchObject({ list: [], total: 0 });
    expect((await t.post("/invoice/title/list", { session: stranger.token })).body.data.list).toEqual([]);
    expect((await t.post("/invoice/get_invoiceable", { session: stranger.token })).body.data.Invoiced).toBe("0.00");
    expect(await snapshot()).toEqual(before);
  });

  it("a sub-account of the owner is refused every invoice call", async () => {
    const before = await snapshot();
    for (const [path, fields] of [...byId(), ["/v2/get_invoice_list", {}], ["/invoice/title/list", {}]] as const) {
      const reply = await t.post(path, { ...fields, session: sub.token });
      expect([path, reply.body.reason]).toEqual([path, "没有权限执行该操作"]);
    }
    expect(await snapshot()).toEqual(before);
  });
});
