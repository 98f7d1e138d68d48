/**
 * Invoices end to end through /api and /staff (issue 39 §1, decisions 112 and 113): kinds by verification, titles
 * with the credit-code check, the invoiceable amount and its refusal, finance issuing a sample PDF (audited, e-mailed
 * through the outbox), rejection, 红冲 before a withdrawal of invoiced cash, another account's ids, and concurrent
 * applications and withdrawals that never exceed the cash paid in (PGlite and PostgreSQL).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { staffAudit } from "../../db/staff-schema";
import { messageDeliveries } from "../../db/delivery-schema";
import { SAMPLE_MARK_HEX } from "../../modules/invoices/sample-pdf";
import { postToLedger } from "../../modules/wallet/ledger";
import { withCreditCodeCheck } from "../../rules/validation";
import { mainAccount, subAccount, type TestAccount } from "../../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { addStaff, staffLogin, staffPost } from "../../../tests/support/staff";

let t: TestPlatform;
let finance: string;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-06-01T04:00:00Z") });
  finance = await staffLogin(t, await addStaff(t, "finance", "财务小张"));
});
afterAll(() => t.close());

let n = 0;
const key = (p = "inv") => `${p}-key-${Date.now().toString(36)}-${++n}`.padEnd(16, "x");
const CREDIT_CODE = withCreditCodeCheck("91110000MA01ABCD1");

async function topUp(userId: number, fen: number) {
  await postToLedger(t.ctx, {
    userId,
    operationKey: key("topup"),
    refersTo: "recharge:test",
    movements: [{ wallet: "cash", kind: "top_up", amountFen: fen }],
  });
}

async function verified(as: "personal" | "enterprise" | null, cashFen = 0): Promise<TestAccount> {
  const account = await mainAccount(t);
  if (as) await t.db.update(users).set({ verifiedAs: as }).where(eq(users.id, account.userId));
  if (cashFen > 0) await topUp(account.userId, cashFen);
  return account;
}

const call = (a: TestAccount, path: string, fields: Record<string, string | number> = {}) =>
  t.post(path, { ...fields, session: a.token });

async function personalTitle(a: TestAccount): Promise<number> {
  const reply = await call(a, "/invoice/title/add", { kind: "personal", name: "张三" });
  expect(reply.body.status).toBe(0);
  return reply.body.data.Id;
}

async function enterpriseTitle(a: TestAccount, details = true): Promise<number> {
  const reply = await call(a, "/invoice/title/add", {
    kind: "enterprise",
    name: "北京算力科技有限公司",
    tax_number: CREDIT_CODE,
    ...(details
      ? {
          bank_name: "招商银行北京分行",
          bank_account: "6225880112345678",
          address: "北京市海淀区中关村大街1号",
          phone: "010-88886666",
        }
      : {}),
  });
  expect(reply.body).toMatchObject({ status: 0 });
  return reply.body.data.Id;
}

const apply = (a: TestAccount, fields: { kind?: string; amount: string; title_id: number; idempotency_key?: string }) =>
  call(a, "/v3/addInvoiceRecord", {
    kind: fields.kind ?? "normal",
    amount: fields.amount,
    title_id: fields.title_id,
    email: "finance@example.cn",
    idempotency_key: fields.idempotency_key ?? key(),
  });

describe("invoices", () => {
  it("an unverified account may ask for no kind and is refused with the reason", async () => {
    const a = await verified(null, 10_000);
    const figure = await call(a, "/invoice/get_invoiceable");
    expect(figure.body.data).toMatchObject({ Kinds: [], VerifiedAs: null, Invoiceable: "100.00" });
    const title = await personalTitle(a);
    const refused = await apply(a, { amount: "10", title_id: title });
    expect(refused.body).toMatchObject({ status: 1, reason: "完成实名认证后才能申请发票" });
  });

  it("checks the enterprise title's credit code beside its field", async () => {
    const a = await verified("enterprise");
    const bad = await call(a, "/invoice/title/add", {
      kind: "enterprise",
      name: "某公司",
      tax_number: "91110000MA01ABCD1X",
    });
    expect(bad.body.status).toBe(1);
    expect(bad.body).toMatchObject({ reason: "统一社会信用代码不正确", data: { field: "tax_number" } });
    const missing = await call(a, "/invoice/title/add", { kind: "enterprise", name: "某公司" });
    expect(missing.body.reason).toContain("统一社会信用代码");
    expect((await call(a, "/invoice/title/list")).body.data.list).toEqual([]);
  });

  it("shows each term, refuses above the figure, replays one key once, and offers 专用发票 only to enterprises", async () => {
    const a = await verified("personal", 50_000);
    await t.db.update(users).set({ moneyFen: 50_000 }).where(eq(users.id, a.userId));
    const title = await personalTitle(a);
    expect((await apply(a, { kind: "special", amount: "10", title_id: title })).body.reason).toBe(
      "增值税专用发票仅企业认证账号可申请",
    );
    const over = await apply(a, { amount: "500.01", title_id: title });
    expect(over.body).toMatchObject({ status: 1, reason: "开票金额超过可开票金额" });
    const k = key();
    const first = await apply(a, { amount: "300", title_id: title, idempotency_key: k });
    expect(first.body.data).toMatchObject({ Status: "pending", Amount: "300.00", TitleName: "张三" });
    const again = await apply(a, { amount: "300", title_id: title, idempotency_key: k });
    expect(again.body.data.Id).toBe(first.body.data.Id);
    const figure = await call(a, "/invoice/get_invoiceable");
    expect(figure.body.data).toMatchObject({
      PaidIn: "500.00",
      Withdrawn: "0.00",
      Invoiced: "300.00",
      Invoiceable: "200.00",
      Kinds: ["normal"],
    });
    expect((await apply(a, { amount: "200.01", title_id: title })).body.reason).toBe("开票金额超过可开票金额");
    // Vouchers and other wallets are not cash paid in.
    await postToLedger(t.ctx, {
      userId: a.userId,
      operationKey: key("voucher"),
      refersTo: "platform",
      movements: [{ wallet: "voucher", kind: "voucher", amountFen: 99_900 }],
    });
    expect((await call(a, "/invoice/get_invoiceable")).body.data.Invoiceable).toBe("200.00");
  });

  it("special invoices need an enterprise title with its bank and address details", async () => {
    const a = await verified("enterprise", 20_000);
    const bare = await enterpriseTitle(a, false);
    expect((await apply(a, { kind: "special", amount: "10", title_id: bare })).body.reason).toContain("开户银行");
    const full = await enterpriseTitle(a);
    const ok = await apply(a, { kind: "special", amount: "10", title_id: full });
    expect(ok.body.data).toMatchObject({ Kind: "special", Status: "pending", TaxNumber: CREDIT_CODE });
  });

  it("finance issues a sample PDF marked 样例: audited, a site message and an e-mail; the user downloads it", async () => {
    const a = await verified("personal", 30_000);
    const id = (await apply(a, { amount: "120", title_id: await personalTitle(a) })).body.data.Id;
    const agent = await staffLogin(t, await addStaff(t, "agent"));
    expect((await staffPost(t, "/invoices/issue_sample", agent, { id })).body.status).toBe(1);
    expect(
      (await staffPost(t, "/invoices/queue", finance, { page_size: 50 })).body.data.list.map((i: any) => i.Id),
    ).toContain(id);
    const issued = await staffPost(t, "/invoices/issue_sample", finance, { id });
    expect(issued.body.data).toMatchObject({ Status: "issued", HasPdf: true, Sample: true, UserId: a.userId });
    expect((await staffPost(t, "/invoices/issue_sample", finance, { id })).body.reason).toBe(
      "该发票申请已处理，请刷新后查看",
    );
    const pdf = await call(a, "/invoice/download", { id });
    const bytes = Buffer.from(pdf.body.data.Pdf, "base64").toString("latin1");
    expect(bytes.startsWith("%PDF-1.4")).toBe(true);
    expect(bytes).toContain(`<${SAMPLE_MARK_HEX}>`);
    expect(bytes.trimEnd().endsWith("%%EOF")).toBe(true);
    const [audit] = await t.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.targetType, "invoice"), eq(staffAudit.targetId, String(id))));
    expect(audit).toMatchObject({ action: "invoice.issue", before: { status: "pending" } });
    const mails = await t.db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.recipient, "finance@example.cn"));
    expect(mails.some((m) => m.subject === "【发票已开具】电子普通发票 ¥120.00")).toBe(true);
    expect((await call(a, "/invoice/download", { id, red: "1" })).body.reason).toBe("请求的内容不存在");
  });

  it("a rejection gives the amount back; 红冲 lets a withdrawal of invoiced cash go ahead", async () => {
    const a = await verified("personal", 10_000);
    const title = await personalTitle(a);
    const rejected = (await apply(a, { amount: "100", title_id: title })).body.data.Id;
    expect((await staffPost(t, "/invoices/reject", finance, { id: rejected, reason: "" })).body.status).toBe(1);
    const r = await staffPost(t, "/invoices/reject", finance, { id: rejected, reason: "抬头与认证主体不符" });
    expect(r.body.data).toMatchObject({ Status: "rejected", Reason: "抬头与认证主体不符" });
    expect((await call(a, "/invoice/get_invoiceable")).body.data.Invoiceable).toBe("100.00");

    const id = (await apply(a, { amount: "80", title_id: title })).body.data.Id;
    await staffPost(t, "/invoices/issue_sample", finance, { id });
    const withdraw = (amount: string) =>
      call(a, "/withdraw/create", { amount, destination: "招商银行 6225 张三", idempotency_key: key("wd") });
    expect((await withdraw("30")).body.reason).toContain("请先对已开具的发票申请红冲");
    expect((await withdraw("20")).body.data).toMatchObject({ Status: "pending", Amount: "20.00" });
    expect((await call(a, "/invoice/get_invoiceable")).body.data).toMatchObject({
      Withdrawn: "20.00",
      Invoiceable: "0.00",
    });
    expect((await apply(a, { amount: "0.01", title_id: title })).body.reason).toBe("开票金额超过可开票金额");

    expect((await call(a, "/invoice/request_reversal", { id: rejected })).body.reason).toBe(
      "只有已开具的发票可以申请红冲",
    );
    expect((await call(a, "/invoice/request_reversal", { id })).body.data.Status).toBe("reversal_requested");
    expect((await withdraw("30")).body.status).toBe(1); // still invoiced until finance confirms
    const reversed = await staffPost(t, "/invoices/reverse_sample", finance, { id });
    expect(reversed.body.data).toMatchObject({ Status: "reversed", HasRedPdf: true });
    expect((await call(a, "/invoice/get_invoiceable")).body.data.Invoiceable).toBe("80.00");
    expect((await withdraw("30")).body.data.Status).toBe("pending");
    const red = Buffer.from((await call(a, "/invoice/download", { id, red: "1" })).body.data.Pdf, "base64");
    expect(red.toString("latin1")).toContain(`<${SAMPLE_MARK_HEX}>`);
  });

  it("another account's invoices, titles and PDFs are not found; a sub-account may not apply", async () => {
    const owner = await verified("personal", 10_000);
    const title = await personalTitle(owner);
    const id = (await apply(owner, { amount: "10", title_id: title })).body.data.Id;
    await staffPost(t, "/invoices/issue_sample", finance, { id });
    const other = await verified("personal", 10_000);
    const otherTitle = await personalTitle(other);
    for (const [path, fields] of [
      ["/invoice/get_detail", { id }],
      ["/invoice/download", { id }],
      ["/invoice/request_reversal", { id }],
      ["/invoice/title/update", { id: title, kind: "personal", name: "李四" }],
      ["/invoice/title/delete", { id: title }],
      [
        "/v3/addInvoiceRecord",
        { kind: "normal", amount: "1", title_id: title, email: "a@b.cn", idempotency_key: key() },
      ],
    ] as const) {
      const reply = await call(other, path, fields);
      expect([path, reply.body.status, reply.body.reason]).toEqual([path, 1, "请求的内容不存在"]);
    }
    expect((await call(other, "/v2/get_invoice_list")).body.data.total).toBe(0);
    expect((await call(owner, "/invoice/get_detail", { id })).body.data.Status).toBe("issued");
    expect((await call(owner, "/invoice/title/list")).body.data.list.map((x: any) => x.Name)).toEqual(["张三"]);
    expect(otherTitle).not.toBe(title);
    const sub = await subAccount(t, owner, 1000);
    expect((await call(sub, "/v2/get_invoice_list")).body.reason).toBe("没有权限执行该操作");
    expect((await apply(sub, { amount: "1", title_id: title })).body.reason).toBe("没有权限执行该操作");
  });

  it("concurrent applications and withdrawals never take more than the cash paid in", async () => {
    const a = await verified("personal", 100_000);
    const title = await personalTitle(a);
    const replies = await Promise.all([
      ...Array.from({ length: 12 }, () => apply(a, { amount: "100", title_id: title })),
      ...Array.from({ length: 6 }, () =>
        call(a, "/withdraw/create", { amount: "100", destination: "银行卡", idempotency_key: key("wd") }),
      ),
    ]);
    const applied = replies.slice(0, 12).filter((r) => r.body.status === 0).length;
    const withdrawn = replies.slice(12).filter((r) => r.body.status === 0).length;
    expect(applied + withdrawn).toBe(10);
    const reasons = new Set(replies.filter((r) => r.body.status !== 0).map((r) => r.body.reason as string));
    for (const reason of reasons)
      expect(["开票金额超过可开票金额", "提现金额超过可提现余额", expect.stringContaining("红冲")]).toContainEqual(
        reason,
      );
    const figure = (await call(a, "/invoice/get_invoiceable")).body.data;
    expect(figure).toMatchObject({ PaidIn: "1000.00", Invoiceable: "0.00" });
    expect(Number(figure.Invoiced) + Number(figure.Withdrawn)).toBe(1000);
  });
});
