/**
 * The content desk's doc images through the web tier (issue 35 §2): the
 * editor's upload route (/desk/content/images, the desk cookie, same origin)
 * stores an image through the platform's upload checks and answers the
 * public /content-images/<id> address, which anyone reads with long public
 * caching; an agent's upload is refused, an unknown image is a 404.
 */
import { serve, type ServerType } from "@hono/node-server";
import { rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHttpApp } from "../../platform/http/app";
import type { FilesystemStorageProvider } from "../../platform/providers/storage/filesystem";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { addStaff, staffLogin } from "../support/staff";
import { pngImage } from "../support/upload-fixtures";

const ORIGIN = "http://127.0.0.1:3000";
let t: TestPlatform;
let server: ServerType;
let editorCookie: string;
let agentCookie: string;
let upload: typeof import("~/routes/desk_.content.images");
let image: typeof import("~/routes/content-images.$id");

beforeAll(async () => {
  t = await startTestPlatform();
  const app = createHttpApp(t.ctx, { sandbox: true, addressing: { role: "in-process" } });
  server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  vi.stubEnv("PLATFORM_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const { commitStaffToken } = await import("~/utils/desk-session.server");
  const cookieOf = async (token: string) => (await commitStaffToken(token)).split(";")[0]!;
  editorCookie = await cookieOf(await staffLogin(t, await addStaff(t, "editor", "编辑小李")));
  agentCookie = await cookieOf(await staffLogin(t, await addStaff(t, "agent", "客服小王")));
  upload = await import("~/routes/desk_.content.images");
  image = await import("~/routes/content-images.$id");
}, 60_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  if (server) await new Promise((resolve) => server.close(resolve));
  const root = (t?.ctx.providers.storage as FilesystemStorageProvider | undefined)?.root;
  if (t) await t.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

async function post(cookie: string, bytes: Uint8Array, origin = ORIGIN): Promise<Response> {
  const form = new FormData();
  form.append("file", new File([bytes], "显存.png", { type: "image/png" }));
  const request = new Request(`${ORIGIN}/desk/content/images`, {
    method: "POST",
    headers: { cookie, origin, host: "127.0.0.1:3000" },
    body: form,
  });
  try {
    return await upload.action({ request, params: {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const read = (id: string) =>
  image.loader({ request: new Request(`${ORIGIN}/content-images/${id}`), params: { id }, context: {} });

describe("doc images through the web tier", () => {
  it("uploads an editor's image and serves it to anyone at its public address, cached for good", async () => {
    const answer = await post(editorCookie, pngImage(7, 3));
    expect(answer.status).toBe(200);
    const stored = (await answer.json()) as { id: number; url: string; width: number };
    expect(stored).toMatchObject({ url: `/content-images/${stored.id}`, width: 7 });
    const served = await read(String(stored.id));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pngImage(7, 3));
  });

  it("refuses an agent (403), another origin, and answers 404 for no such image", async () => {
    const refused = await post(agentCookie, pngImage());
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "只有编辑可以修改文档、数据集、软件和模型" });
    expect((await post(editorCookie, pngImage(), "https://evil.example")).status).toBe(403);
    for (const id of ["987654321", "x", "0"]) {
      const missing = await read(id);
      expect(missing.status, id).toBe(404);
      expect(missing.headers.get("cache-control")).toBe("private, no-store");
    }
  });
});
