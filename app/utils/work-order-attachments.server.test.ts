import { beforeEach, describe, expect, it, vi } from "vitest";
import { workOrderAttachmentIds } from "./work-order-attachments.server";

// The platform's file call, answered here: B's upload functions run as they are.
const sendToPlatform = vi.fn<(request: Request) => Promise<Response>>();
vi.mock("~/upstream/transport.server", async (original) => ({
  ...(await original<typeof import("~/upstream/transport.server")>()),
  sendToPlatform: (request: Request) => sendToPlatform(request),
}));

const stored = (id: number) => Response.json({ code: 0, msg: "ok", data: { id, url: `/work-order-files/${id}` } });
const refused = (reason: string) =>
  Response.json({ code: 1, key: "BAD_REQUEST", reason, msg: reason, data: { field: "file" } }, { status: 400 });
const uploadedNames = async () =>
  Promise.all(sendToPlatform.mock.calls.map(async ([r]) => ((await r.formData()).get("file") as File).name));

const caller = { token: "t", clientAddress: "127.0.0.1" } as never;
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: "image/png" });

describe("workOrderAttachmentIds", () => {
  beforeEach(() => sendToPlatform.mockReset());

  it("uploads each chosen file and answers the editor's ids first, then the new ones, each once", async () => {
    let next = 40;
    sendToPlatform.mockImplementation(async () => stored(next++));
    const form = new FormData();
    form.append("attachment_ids", "7");
    form.append("attachment_ids", "40");
    form.append("files", png("a.png"));
    form.append("files", png("b.png"));
    expect(await workOrderAttachmentIds(caller, form)).toEqual([7, 40, 41]);
    expect(await uploadedNames()).toEqual(["a.png", "b.png"]);
  });

  it("uploads nothing for an empty file input (one nameless empty part)", async () => {
    const form = new FormData();
    form.append("files", new File([], ""));
    expect(await workOrderAttachmentIds(caller, form)).toEqual([]);
    expect(sendToPlatform).not.toHaveBeenCalled();
  });

  it("refuses a file noted as too large as the form was read, uploading nothing", async () => {
    const form = new FormData();
    form.append("files", png("a.png"));
    form.append("files", `oversize-file:${JSON.stringify({ name: "big.png", reason: "单个文件不能超过 10 MB" })}`);
    await expect(workOrderAttachmentIds(caller, form)).rejects.toMatchObject({
      reason: "“big.png”：单个文件不能超过 10 MB",
      field: "files",
    });
    expect(sendToPlatform).not.toHaveBeenCalled();
  });

  it("throws a refused file's reason on the files field", async () => {
    sendToPlatform.mockImplementation(async () => refused("不支持的文件类型"));
    const form = new FormData();
    form.append("files", png("x.exe"));
    await expect(workOrderAttachmentIds(caller, form)).rejects.toMatchObject({
      reason: "“x.exe”：不支持的文件类型",
      field: "files",
    });
  });
});
