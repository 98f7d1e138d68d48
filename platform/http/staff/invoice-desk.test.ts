/**
 * Finance issues and reverses with the PDF from the tax system (issue 39 §1): the multipart call takes a PDF (checked
 * by its bytes like every upload), refuses anything else beside the file field and changes nothing, and the user
 * downloads exactly the bytes finance uploaded, and gets them by email as an attachment (the red-letter one too).
 * Only finance and admins may.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESK_INVOICE_UPLOAD_PATH } from "../../contract/invoices";
import { STAFF_SESSION_HEADER } from "../../contract/staff";
import { invoices } from "../../db/invoice-schema";
import { users } from "../../db/schema";
import { deliveriesSettled } from "../../modules/deliveries/soon";
import { sampleInvoicePdf } from "../../modules/invoices/sample-pdf";
import { readEmailOutbox } from "../../providers/email/outbox";
import { postToLedger } from "../../modules/wallet/ledger";
import { mainAccount } from "../../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { addStaff, staffLogin } from "../../../tests/support/staff";

let t: TestPlatform;
let finance: string;
let agent: string;
beforeAll(async () => {
  t = await startTestPlatform();
  finance = await staffLogin(t, await addStaff(t, "finance"));
  agent = await staffLogin(t, await addStaff(t, "agent"));
});
afterAll(() => t.close());

async function pendingInvoice(): Promise<{ id: number; token: string }> {
  const a = await mainAccount(t);
  await t.db.update(users).set({ verifiedAs: "personal" }).where(eq(users.id, a.userId));
  await postToLedger(t.ctx, {
    userId: a.userId,
    operationKey: `top-${a.userId}`,
    refersTo: "recharge:test",
    movements: [{ wallet: "cash", kind: "top_up", amountFen: 10_000 }],
  });
  const title = await t.post("/invoice/title/add", { session: a.token, kind: "personal", name: "赵六" });
  const applied = await t.post("/v3/addInvoiceRecord", {
    session: a.token,
    kind: "normal",
    amount: "10",
    title_id: title.body.data.Id,
    email: "u@example.cn",
    idempotency_key: `upload-key-${a.userId}-000000`,
  });
  return { id: applied.body.data.Id, token: a.token };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The files of the email to the applicant whose subject has `subject`, once the deliverer has run. */
async function mailedFiles(subject: string) {
  await deliveriesSettled(t.db);
  const mail = (await readEmailOutbox(t.db, "u@example.cn")).find((m) => m.subject.includes(subject));
  return mail?.attachments.map((a) => ({ filename: a.filename, sha256: a.sha256 }));
}

const upload = (token: string, fields: Record<string, string>, name: string, bytes: Uint8Array) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", new File([bytes], name));
  return t.request(`/staff${DESK_INVOICE_UPLOAD_PATH}`, {
    method: "POST",
    headers: { [STAFF_SESSION_HEADER]: token },
    body: form,
  });
};

describe("issuing with the tax system's PDF", () => {
  it("takes a PDF, refuses other files and other roles, and the user downloads the same bytes", async () => {
    const { id, token } = await pendingInvoice();
    const pdf = sampleInvoicePdf({ heading: "电子普通发票", lines: ["税务系统开具"] });
    expect((await upload(agent, { id: String(id), action: "issue" }, "inv.pdf", pdf)).body.reason).toBe(
      "没有权限执行该操作",
    );
    const text = await upload(
      finance,
      { id: String(id), action: "issue" },
      "inv.txt",
      new TextEncoder().encode("发票"),
    );
    expect(text.body).toMatchObject({ status: 1, reason: "请上传税务系统开具的PDF发票文件", data: { field: "file" } });
    const [still] = await t.db.select().from(invoices).where(eq(invoices.id, id));
    expect(still).toMatchObject({ status: "pending", pdfKey: null });

    const issued = await upload(finance, { id: String(id), action: "issue" }, "inv.pdf", pdf);
    expect(issued.body.data).toMatchObject({ Status: "issued", Sample: false, HasPdf: true });
    const downloaded = await t.post("/invoice/download", { session: token, id });
    expect(Buffer.from(downloaded.body.data.Pdf, "base64")).toEqual(Buffer.from(pdf));
    expect(await mailedFiles("发票已开具")).toEqual([{ filename: `发票-${id}.pdf`, sha256: sha256(pdf) }]);

    await t.post("/invoice/request_reversal", { session: token, id });
    const red = sampleInvoicePdf({ heading: "红字发票", lines: ["税务系统红冲"] }, { red: true });
    const reversed = await upload(finance, { id: String(id), action: "reverse" }, "red.pdf", red);
    expect(reversed.body.data).toMatchObject({ Status: "reversed", HasRedPdf: true });
    const redDownloaded = await t.post("/invoice/download", { session: token, id, red: "1" });
    expect(Buffer.from(redDownloaded.body.data.Pdf, "base64")).toEqual(Buffer.from(red));
    expect(await mailedFiles("发票已红冲")).toEqual([{ filename: `红字发票-${id}.pdf`, sha256: sha256(red) }]);
  });
});
