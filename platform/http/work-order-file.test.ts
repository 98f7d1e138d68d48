/**
 * POST /third-party/api/v1/work-order/file and its read call (issue 11 sections
 * 4 and 6): good files, each bad input, the 10 MB limit, and who may read a
 * file back (another account's file id → 404 with 100041).
 */
import { readdirSync, rmSync } from "node:fs";
import { eq, isNotNull, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workOrderCategories, workOrderFiles, workOrderQuestions, workOrders } from "../db/work-order-schema";
import { resolveSession } from "../modules/accounts/sessions";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import { purgeUnattachedFiles, readWorkOrderFileForStaff, storeWorkOrderFile } from "../modules/uploads/files";
import { type FilesystemStorageProvider } from "../providers/storage/filesystem";
import { elevenMegabytes, HOSTILE_SVG, PHP_SHELL, pixelFloodPng, pngImage } from "../../tests/support/upload-fixtures";
import { DAY, MINUTE, startTestPlatform, type RegisteredUser, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
let owner: RegisteredUser;
let stranger: RegisteredUser;
let sub: { id: number; token: string };
let storageRoot: string;

const UPLOAD = "/third-party/api/v1/work-order/file";

function multipart(parts: { name?: string; filename: string; type: string; bytes: Uint8Array }[]): FormData {
  const form = new FormData();
  for (const p of parts) form.append(p.name ?? "file", new File([p.bytes], p.filename, { type: p.type }));
  return form;
}

const upload = (token: string | null, body: BodyInit, headers: Record<string, string> = {}) =>
  t.request(UPLOAD, {
    method: "POST",
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body,
  });

const uploadOne = (token: string, filename: string, type: string, bytes: Uint8Array) =>
  upload(token, multipart([{ filename, type, bytes }]));

const read = (token: string | null, id: number | string) =>
  t.platform.fetch(
    new Request(`http://x/third-party/api/v1/work-order/file/${id}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }),
  );

/** Every stored object, as paths under the storage root. */
const storedObjects = (): string[] => {
  try {
    return (readdirSync(storageRoot, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
      .filter((d) => d.isFile())
      .map((d) => d.name);
  } catch {
    return [];
  }
};
const fileRows = async () => (await t.db.select({ id: workOrderFiles.id }).from(workOrderFiles)).length;

/** Runs `refused` and checks that neither a row nor an object was added. */
async function nothingStored(refused: () => Promise<void>) {
  const before = { rows: await fileRows(), objects: storedObjects().length };
  await refused();
  expect({ rows: await fileRows(), objects: storedObjects().length }).toEqual(before);
}

beforeAll(async () => {
  t = await startTestPlatform();
  storageRoot = (t.ctx.providers.storage as FilesystemStorageProvider).root;
  owner = await t.registerUser();
  stranger = await t.registerUser();
  const caller = await resolveSession(t.ctx, { origin: { ip: null } }, { token: owner.token });
  const created = await createSubAccount(t.ctx, caller, { name: "uploader", password: "Upload123", moneyLimitFen: 0 });
  const login = await t.post("/sub_account_login", { phone: owner.phone, name: "uploader", password: "Upload123" });
  sub = { id: created.subAccountId, token: login.body.data.token as string };
});

afterAll(async () => {
  await t?.close();
  if (storageRoot) rmSync(storageRoot, { recursive: true, force: true });
});

describe("POST /third-party/api/v1/work-order/file", () => {
  it("stores a PNG and answers its id and URL; the owner reads it back inline with nosniff", async () => {
    const png = pngImage(4, 3);
    const reply = await uploadOne(owner.token, "截图.png", "image/png", png);
    expect(reply.http).toBe(200);
    expect(reply.body).toMatchObject({ code: 0, reason: "", message: "" });
    const data = reply.body.data;
    expect(data).toMatchObject({ name: "截图.png", mime: "image/png", size: png.byteLength, width: 4, height: 3 });
    expect(data.url).toBe(`/work-order-files/${data.id}`);

    const served = await read(owner.token, data.id);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(served.headers.get("cache-control")).toMatch(/^private/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
  });

  it("stores a PNG declared as text/html as image/png", async () => {
    const reply = await uploadOne(owner.token, "page.html", "text/html", pngImage());
    expect(reply.body.code).toBe(0);
    expect(reply.body.data).toMatchObject({ mime: "image/png", name: "page.html.png" });
    const served = await read(owner.token, reply.body.data.id);
    expect(served.headers.get("content-type")).toBe("image/png");
  });

  it("refuses a PHP file named x.png, and stores nothing", async () => {
    await nothingStored(async () => {
      const reply = await uploadOne(owner.token, "x.png", "image/png", PHP_SHELL);
      expect(reply.http).toBe(415);
      expect(reply.body).toMatchObject({ code: 100022, key: "UPLOAD_TYPE_UNSUPPORTED", data: { field: "file" } });
      expect(reply.body.reason).toContain("仅支持");
    });
  });

  it("refuses an 11 MB file by its declared length and while counting a body without one", async () => {
    const big = elevenMegabytes();
    await nothingStored(async () => {
      const reply = await uploadOne(owner.token, "big.png", "image/png", big);
      expect(reply.http).toBe(413);
      expect(reply.body).toMatchObject({ code: 100021, key: "UPLOAD_TOO_LARGE", reason: "单个文件不能超过 10 MB" });
    });
    await nothingStored(async () => {
      const framed = new Request("http://x", {
        method: "POST",
        body: multipart([{ filename: "big.png", type: "image/png", bytes: big }]),
      });
      const type = framed.headers.get("content-type")!;
      const bytes = new Uint8Array(await framed.arrayBuffer());
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= bytes.length) return controller.close();
          controller.enqueue(bytes.subarray(sent, sent + 256 * 1024));
          sent += 256 * 1024;
        },
      });
      const reply = await t.request(UPLOAD, {
        method: "POST",
        headers: { authorization: `Bearer ${owner.token}`, "content-type": type },
        body: stream,
        duplex: "half",
      } as RequestInit);
      expect(reply.http).toBe(413);
      expect(reply.body.code).toBe(100021);
    });
  });

  it("takes a file of exactly 10 MB", async () => {
    const bytes = new Uint8Array(10 * 1024 * 1024);
    bytes.set(new TextEncoder().encode("%PDF-1.4\n"));
    const reply = await uploadOne(owner.token, "ten.pdf", "application/pdf", bytes);
    expect(reply.body).toMatchObject({ code: 0, data: { mime: "application/pdf", size: bytes.byteLength } });
  });

  it("refuses a pixel-flood PNG without decoding it, and stores nothing", async () => {
    await nothingStored(async () => {
      const reply = await uploadOne(owner.token, "flood.png", "image/png", pixelFloodPng());
      expect(reply.body).toMatchObject({ code: 100022, key: "UPLOAD_IMAGE_TOO_LARGE" });
      expect(reply.body.reason).toContain("4000 万像素");
    });
  });

  it("neutralises an SVG with a script, onload and an external <image href>, served as a download", async () => {
    const reply = await uploadOne(owner.token, "图.svg", "image/svg+xml", new TextEncoder().encode(HOSTILE_SVG));
    expect(reply.body).toMatchObject({ code: 0, data: { mime: "image/svg+xml" } });
    const served = await read(owner.token, reply.body.data.id);
    expect(served.headers.get("content-type")).toBe("image/svg+xml");
    expect(served.headers.get("content-disposition")).toMatch(/^attachment; /);
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    const svg = await served.text();
    expect(svg).toContain("<circle");
    for (const gone of [/<script/i, /onload/i, /evil\.example/, /javascript:/i]) expect(svg).not.toMatch(gone);
  });

  it("refuses bad bodies with a clear code, never a 500", async () => {
    await nothingStored(async () => {
      const noToken = await uploadOne("", "a.png", "image/png", pngImage());
      expect(noToken).toMatchObject({ http: 401, body: { code: 100031 } });

      const json = await upload(owner.token, JSON.stringify({ file: "x" }), { "content-type": "application/json" });
      expect(json).toMatchObject({ http: 400, body: { code: 100021, key: "BODY_INVALID" } });

      const broken = await upload(owner.token, "--x\r\nnot a part", {
        "content-type": "multipart/form-data; boundary=x",
      });
      expect(broken).toMatchObject({ http: 400, body: { code: 100021, key: "BODY_INVALID" } });

      const noFile = new FormData();
      noFile.append("file", "just text");
      expect((await upload(owner.token, noFile)).body).toMatchObject({ code: 100022, key: "UPLOAD_EMPTY" });

      const empty = await uploadOne(owner.token, "a.png", "image/png", new Uint8Array());
      expect(empty.body).toMatchObject({ code: 100022, key: "UPLOAD_EMPTY" });

      const two = multipart([
        { filename: "a.png", type: "image/png", bytes: pngImage() },
        { filename: "b.png", type: "image/png", bytes: pngImage() },
      ]);
      expect((await upload(owner.token, two)).body).toMatchObject({ code: 100022, data: { field: "file" } });
    });
  });
});

describe("reading a file back: only its uploader, the owner of its order, and staff", () => {
  it("answers 404 with 100041 for another account's file id, a file that does not exist, and no token", async () => {
    const mine = await uploadOne(owner.token, "mine.png", "image/png", pngImage());
    const id = mine.body.data.id as number;
    for (const [token, target] of [
      [stranger.token, id],
      [owner.token, 999_999_999],
      [owner.token, "abc"],
      [owner.token, "1e3"],
    ] as const) {
      const reply = await read(token, target);
      expect(reply.status).toBe(404);
      expect(await reply.json()).toMatchObject({ code: 100041, reason: "附件不存在或无权访问" });
    }
    expect((await read(null, id)).status).toBe(401);
  });

  it("lets a main account read its sub-account's upload, but not a sub-account the main account's", async () => {
    const bySub = await uploadOne(sub.token, "sub.png", "image/png", pngImage());
    expect((await read(owner.token, bySub.body.data.id)).status).toBe(200);
    expect((await read(sub.token, bySub.body.data.id)).status).toBe(200);
    const byMain = await uploadOne(owner.token, "main.png", "image/png", pngImage());
    expect((await read(sub.token, byMain.body.data.id)).status).toBe(404);
    expect((await read(stranger.token, bySub.body.data.id)).status).toBe(404);
  });

  it("lets the owner of the order a file is attached to read it, and nobody else", async () => {
    const byMain = await uploadOne(owner.token, "for-sub.png", "image/png", pngImage());
    const fileId = byMain.body.data.id as number;
    const [category] = await t.db
      .insert(workOrderCategories)
      .values({ name: `上传测试${fileId}` })
      .returning();
    const [question] = await t.db
      .insert(workOrderQuestions)
      .values({ categoryId: category!.id, name: "附件", resourceTypes: ["account"] })
      .returning();
    const [order] = await t.db
      .insert(workOrders)
      .values({
        userId: owner.userId,
        subAccountId: sub.id,
        categoryId: category!.id,
        questionId: question!.id,
        resourceType: "account",
        resourceId: String(owner.userId),
        title: "附件可见性",
        body: "正文",
        contactPhone: owner.phone,
      })
      .returning();
    expect((await read(sub.token, fileId)).status).toBe(404);
    await t.db
      .update(workOrderFiles)
      .set({ orderId: order!.id, attachedAt: new Date() })
      .where(eq(workOrderFiles.id, fileId));
    expect((await read(sub.token, fileId)).status).toBe(200);
    expect((await read(owner.token, fileId)).status).toBe(200);
    expect((await read(stranger.token, fileId)).status).toBe(404);
    // Staff read the files of any order and their own uploads, never a user's unattached upload.
    expect((await readWorkOrderFileForStaff(t.ctx, fileId)).file.id).toBe(fileId);
    const byStaff = await storeWorkOrderFile(
      t.ctx,
      { kind: "staff", staffId: 7 },
      { name: "回复.png", bytes: pngImage() },
    );
    expect((await readWorkOrderFileForStaff(t.ctx, byStaff.id)).bytes).toEqual(pngImage());
    const loose = await uploadOne(owner.token, "loose.png", "image/png", pngImage());
    await expect(readWorkOrderFileForStaff(t.ctx, loose.body.data.id)).rejects.toMatchObject({
      key: "WORK_ORDER_FILE_NOT_FOUND",
    });
    expect((await read(owner.token, byStaff.id)).status).toBe(404);
  });
});

describe("uploads never attached to an order", () => {
  it("are deleted after a week, rows and bytes; attached files stay", async () => {
    const loose = await uploadOne(owner.token, "loose.png", "image/png", pngImage());
    const looseId = loose.body.data.id as number;
    const [attached] = await t.db
      .select({ id: workOrderFiles.id, key: workOrderFiles.storageKey })
      .from(workOrderFiles)
      .where(isNotNull(workOrderFiles.orderId));
    t.clock.advance(6 * DAY);
    await purgeUnattachedFiles(t.ctx);
    expect((await read(owner.token, looseId)).status).toBe(200);
    t.clock.advance(DAY + MINUTE);
    const [row] = await t.db.select().from(workOrderFiles).where(eq(workOrderFiles.id, looseId));
    const looseKey = row!.storageKey;
    expect(await purgeUnattachedFiles(t.ctx)).toBeGreaterThan(0);
    expect((await read(owner.token, looseId)).status).toBe(404);
    expect(await t.ctx.providers.storage.get(looseKey)).toBeNull();
    expect(await t.db.select().from(workOrderFiles).where(isNull(workOrderFiles.orderId))).toEqual([]);
    expect(await t.ctx.providers.storage.get(attached!.key)).not.toBeNull();
    expect((await read(owner.token, attached!.id)).status).toBe(200);
  });
});
