/**
 * The desk's file calls (issue 11 §5: staff see the user's attachments and
 * reply with their own): staff read any order's file but not a user's upload
 * on no order; staff upload with the users' inspection and limits; user tokens
 * are refused; a reply or request for more attaches the staff's uploads, which
 * the order's owner then reads and nobody else does.
 */
import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_SESSION_HEADER } from "../../contract/staff";
import { staffAccounts } from "../../db/staff-schema";
import { workOrderFiles } from "../../db/work-order-schema";
import type { FilesystemStorageProvider } from "../../providers/storage/filesystem";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { addStaff, staffLogin, staffPost, type TestStaff } from "../../../tests/support/staff";
import { elevenMegabytes, PHP_SHELL, pngImage } from "../../../tests/support/upload-fixtures";
import { fileOrder, workOrderClient } from "../../../tests/support/work-orders";

let t: TestPlatform;
let agent: TestStaff;
let agentToken: string;
let otherToken: string;
let storageRoot: string;

beforeAll(async () => {
  t = await startTestPlatform();
  storageRoot = (t.ctx.providers.storage as FilesystemStorageProvider).root;
  agent = await addStaff(t, "agent", "客服小王");
  agentToken = await staffLogin(t, agent);
  otherToken = await staffLogin(t, await addStaff(t, "agent", "客服小李"));
});
afterAll(async () => {
  await t?.close();
  if (storageRoot) rmSync(storageRoot, { recursive: true, force: true });
});

const fileForm = (name: string, type: string, bytes: Uint8Array) => {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type }));
  return form;
};

/** POST /staff/work-orders/files/upload with the given headers (a staff token, or a user's). */
const staffUpload = (headers: Record<string, string>, name: string, type: string, bytes: Uint8Array) =>
  t.request("/staff/work-orders/files/upload", { method: "POST", headers, body: fileForm(name, type, bytes) });

const asStaff = (token: string) => ({ [STAFF_SESSION_HEADER]: token });

const staffRead = (headers: Record<string, string>, id: number | string) =>
  t.platform.fetch(new Request(`http://x/staff/work-orders/files/${id}`, { headers }));

/** A user's upload through /third-party, attached to an order or not. */
async function userUpload(token: string) {
  const reply = await t.request("/third-party/api/v1/work-order/file", {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: fileForm("screen.png", "image/png", pngImage(5, 4)),
  });
  return reply.body.data.id as number;
}

const fileRows = async () => (await t.db.select({ id: workOrderFiles.id }).from(workOrderFiles)).length;

describe("the desk's file read call", () => {
  it("serves staff any order's file with the user route's headers, but not a user's upload on no order", async () => {
    const user = await t.registerUser();
    const client = workOrderClient(t, user.token);
    const attached = await userUpload(user.token);
    const loose = await userUpload(user.token);
    const orderId = await fileOrder(t, client, user.userId, { attachment_ids: [attached] });
    expect(orderId).toBeGreaterThan(0);

    const served = await staffRead(asStaff(agentToken), attached);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(served.headers.get("cache-control")).toMatch(/^private/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pngImage(5, 4));

    // IDOR: the user's own unattached upload stays theirs; unknown and malformed ids are the same 404.
    for (const id of [loose, 999_999_999, "abc"]) {
      const refused = await staffRead(asStaff(agentToken), id);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({ status: 1, key: "WORK_ORDER_FILE_NOT_FOUND" });
    }
  });

  it("refuses a user's token, in the staff header or as a bearer, and no token at all", async () => {
    const user = await t.registerUser();
    const id = await userUpload(user.token);
    await fileOrder(t, workOrderClient(t, user.token), user.userId, { attachment_ids: [id] });
    const callers: Record<string, string>[] = [asStaff(user.token), { authorization: `Bearer ${user.token}` }, {}];
    for (const headers of callers) {
      const refused = await staffRead(headers, id);
      expect(refused.headers.get("content-type")).toContain("application/json");
      expect(await refused.json()).toMatchObject({ status: 2 });
    }
  });
});

describe("the desk's upload call", () => {
  it("stores a staff member's PNG as theirs, typed from the bytes; they read it back, another staff member too", async () => {
    const reply = await staffUpload(asStaff(agentToken), "answer.html", "text/html", pngImage(6, 2));
    expect(reply.body).toMatchObject({ status: 0, data: { mime: "image/png", name: "answer.html.png", width: 6 } });
    const id = reply.body.data.id as number;
    const [row] = await t.db.select().from(workOrderFiles).where(eq(workOrderFiles.id, id));
    const [staff] = await t.db.select().from(staffAccounts).where(eq(staffAccounts.login, agent.login));
    expect(row).toMatchObject({ uploaderStaffId: staff!.id, uploaderUserId: null, orderId: null });
    expect((await staffRead(asStaff(agentToken), id)).status).toBe(200);
  });

  it("refuses a PHP file named x.png, an 11 MB file and a user's token, storing nothing", async () => {
    const before = await fileRows();
    const php = await staffUpload(asStaff(agentToken), "x.png", "image/png", PHP_SHELL);
    expect(php.body).toMatchObject({ status: 1, key: "UPLOAD_TYPE_UNSUPPORTED", data: { field: "file" } });
    const big = await staffUpload(asStaff(agentToken), "big.png", "image/png", elevenMegabytes());
    expect(big.body).toMatchObject({ status: 1, key: "UPLOAD_TOO_LARGE", reason: "单个文件不能超过 10 MB" });
    const user = await t.registerUser();
    const byUser = await staffUpload(asStaff(user.token), "a.png", "image/png", pngImage());
    expect(byUser.body).toMatchObject({ status: 2 });
    const byBearer = await staffUpload({ authorization: `Bearer ${user.token}` }, "a.png", "image/png", pngImage());
    expect(byBearer.body).toMatchObject({ status: 2 });
    expect(await fileRows()).toBe(before);
  });
});

describe("a reply with the staff member's files", () => {
  it("attaches them; the order's owner reads them, another user gets 404; ids not the replier's are refused", async () => {
    const user = await t.registerUser();
    const stranger = await t.registerUser();
    const client = workOrderClient(t, user.token);
    const orderId = await fileOrder(t, client, user.userId);
    const upload = async (token: string) =>
      (await staffUpload(asStaff(token), "fix.png", "image/png", pngImage(3, 3))).body.data.id as number;
    const first = await upload(agentToken);
    const second = await upload(agentToken);

    const reply = await staffPost(t, "/work-orders/reply", agentToken, {
      id: orderId,
      content: "已修复，见截图",
      attachment_ids: `${first},${second}`,
    });
    expect(reply.body).toMatchObject({ status: 0, data: { status: "processing" } });

    const seen = await client.get(`/orders/${orderId}`);
    expect(JSON.stringify(seen.body.data)).toContain(`/work-order-files/${first}`);
    const userRead = (token: string, id: number) =>
      t.platform.fetch(
        new Request(`http://x/third-party/api/v1/work-order/file/${id}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      );
    expect((await userRead(user.token, first)).status).toBe(200);
    expect((await userRead(user.token, second)).status).toBe(200);
    expect((await userRead(stranger.token, first)).status).toBe(404);
    // Staff other than the uploader read it once it is on an order.
    expect((await staffRead(asStaff(otherToken), first)).status).toBe(200);

    const detail = await staffPost(t, "/work-orders/detail", agentToken, { id: orderId });
    expect(detail.body.data.attachments.map((f: { id: number }) => f.id)).toEqual([first, second]);

    // Already attached, another staff member's upload, a user's upload, a malformed list: refused, nothing written.
    const others = await upload(otherToken);
    const usersOwn = await userUpload(user.token);
    for (const [ids, key] of [
      [`${first}`, "WORK_ORDER_FILE_ATTACHED"],
      [`${others}`, "WORK_ORDER_FILE_NOT_FOUND"],
      [`${usersOwn}`, "WORK_ORDER_FILE_NOT_FOUND"],
      ["1,x", "BAD_REQUEST"],
    ] as const) {
      const refused = await staffPost(t, "/work-orders/ask", agentToken, {
        id: orderId,
        content: "请补充",
        attachment_ids: ids,
      });
      expect(refused.body, ids).toMatchObject({ status: 1, key });
    }
    expect((await staffPost(t, "/work-orders/detail", agentToken, { id: orderId })).body.data.status).toBe(
      "processing",
    );

    // Ask for more carries files too.
    const asked = await staffPost(t, "/work-orders/ask", agentToken, {
      id: orderId,
      content: "请按图示操作后再试",
      attachment_ids: String(await upload(agentToken)),
    });
    expect(asked.body).toMatchObject({ status: 0, data: { status: "waiting_user" } });
  });
});
