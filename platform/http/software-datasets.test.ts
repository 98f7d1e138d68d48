/**
 * The HTTP face of datasets and software downloads (issue 35 §1, §2): the
 * public calls answer published content only (a draft is NOT_FOUND, 404), the
 * download answers the bytes with their length, name and SHA-256, and the
 * staff release calls take editors and admins only (an agent gets 403, a
 * user's token status 2), walking unknown and other ids without a change.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_SESSION_HEADER } from "../contract/staff";
import {
  SOFTWARE_RELEASE_ADD_PATH,
  SOFTWARE_RELEASE_BODY_MAX_BYTES,
  SOFTWARE_RELEASE_MAX_FILE_BYTES,
} from "../contract/software";
import { bodyLimitOf } from "../contract/uploads";
import { softwareReleases } from "../db/content-schema";
import { datasetKind, softwareKind } from "../modules/content/kinds";
import { createContent, seedPublishedContent } from "../modules/content/lifecycle";
import { RELEASE_MAX_FILE_BYTES } from "../modules/software/release-file";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { addStaff, staffLogin, staffPost } from "../../tests/support/staff";

let t: TestPlatform;
let editorToken: string;
let agentToken: string;
beforeAll(async () => {
  t = await startTestPlatform();
  editorToken = await staffLogin(t, await addStaff(t, "editor", "编辑小陈"));
  agentToken = await staffLogin(t, await addStaff(t, "agent", "客服小王"));
});
afterAll(() => t.close());

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const SCRIPT = new TextEncoder().encode("#!/bin/sh\necho 版本二\n");

const download = (id: number | string) => t.platform.fetch(new Request(`http://x/api/software/download/${id}`));

function addRelease(token: string | null, fields: Record<string, string>, file = SCRIPT, name = "tool.sh") {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("file", new File([file], name, { type: "application/octet-stream" }));
  return t.request("/staff/software/releases/add", {
    method: "POST",
    headers: token ? { [STAFF_SESSION_HEADER]: token } : {},
    body: form,
  });
}

describe("public dataset calls", () => {
  it("lists by task and shows one; a draft is 404 like an unknown slug", async () => {
    const list = await t.post("/dataset/list", { task: "目标检测" });
    expect(list.body.data.Datasets.map((d: { Slug: string }) => d.Slug)).toEqual(["coco-2017"]);
    expect(list.body.data.Tasks).toContainEqual({ Task: "语音识别", Count: 2 });
    const coco = await t.post("/dataset/detail", { id: "coco-2017" });
    expect(coco.body.data).toMatchObject({ Name: "COCO 2017", MountPath: "/root/gpu-pub/COCO2017" });
    expect(coco.body.data.Body).toContain("pycocotools");

    await createContent(t.ctx, null, datasetKind, {
      slug: "secret-draft",
      fields: {
        name: "草稿",
        task: "目标检测",
        sizeBytes: 1,
        fileCount: 1,
        licence: "MIT",
        sourceUrl: "https://example.org",
        mountPath: "/root/gpu-pub/x",
      },
    });
    for (const id of ["secret-draft", "nothing", "../etc"]) {
      const refused = await t.post("/dataset/detail", { id });
      expect(refused.body).toMatchObject({ status: 1, key: "NOT_FOUND" });
    }
    expect((await t.post("/dataset/list", { task: "目标检测" })).body.data.Datasets).toHaveLength(1);
  });
});

describe("software calls", () => {
  it("lists the seeded tool and downloads each release with its length, name and SHA-256", async () => {
    const list = await t.post("/software/list", {});
    const [helper] = list.body.data.Software;
    expect(helper.Slug).toBe("ssh-config-helper");
    for (const release of helper.Latest) {
      const reply = await download(release.Id);
      expect(reply.status).toBe(200);
      const bytes = new Uint8Array(await reply.arrayBuffer());
      expect(sha256(bytes)).toBe(release.Sha256);
      expect(reply.headers.get("content-length")).toBe(String(release.SizeBytes));
      expect(reply.headers.get("x-content-sha256")).toBe(release.Sha256);
      expect(reply.headers.get("content-disposition")).toBe(
        `attachment; filename="${release.FileName}"; filename*=UTF-8''${release.FileName}`,
      );
      expect(reply.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("adds a release for an editor; an agent gets 403, a user's token and no token status 2, storing nothing", async () => {
    const { id } = await seedPublishedContent(t.ctx, softwareKind, {
      slug: "http-tool",
      fields: { name: "传输助手", summary: "", position: 0, body: "" },
    });
    const fields = { software_id: String(id), version: "2.0.0", platform: "linux", notes: "修复" };
    const before = (await t.db.select({ id: softwareReleases.id }).from(softwareReleases)).length;

    const agent = await addRelease(agentToken, fields);
    expect(agent.body).toMatchObject({ status: 1, key: "PERMISSION_DENIED" });
    const user = await t.registerUser();
    expect((await addRelease(user.token, fields)).body).toMatchObject({ status: 2 });
    expect((await addRelease(null, fields)).body).toMatchObject({ status: 2 });
    expect((await t.db.select({ id: softwareReleases.id }).from(softwareReleases)).length).toBe(before);

    const added = await addRelease(editorToken, fields);
    expect(added.body).toMatchObject({
      status: 0,
      data: { version: "2.0.0", platform: "linux", sha256: sha256(SCRIPT), added_by: "编辑小陈", withdrawn_at: null },
    });
    const releaseId = added.body.data.id as number;
    expect(sha256(new Uint8Array(await (await download(releaseId)).arrayBuffer()))).toBe(sha256(SCRIPT));

    const wrong = await addRelease(editorToken, { ...fields, version: "2.0.1" }, SCRIPT, "tool.exe");
    expect(wrong.body).toMatchObject({ status: 1, key: "UPLOAD_TYPE_UNSUPPORTED", data: { field: "file" } });
    const badId = await addRelease(editorToken, { ...fields, software_id: "abc" });
    expect(badId.body).toMatchObject({ status: 1, key: "BAD_REQUEST", data: { field: "software_id" } });
    const noTool = await addRelease(editorToken, { ...fields, software_id: "999999999" });
    expect(noTool.body).toMatchObject({ status: 1, key: "NOT_FOUND" });
  });

  it("lists and withdraws for editors only; the withdrawn release is 404 to download, unknown ids too", async () => {
    const { id } = await seedPublishedContent(t.ctx, softwareKind, {
      slug: "http-tool-2",
      fields: { name: "同步助手", summary: "", position: 0, body: "" },
    });
    const added = await addRelease(editorToken, { software_id: String(id), version: "1.0.0", platform: "any" });
    const releaseId = added.body.data.id as number;

    const agentList = await staffPost(t, "/software/releases/list", agentToken, { software_id: id });
    expect(agentList.body).toMatchObject({ status: 1, key: "PERMISSION_DENIED" });
    const agentWithdraw = await staffPost(t, "/software/releases/withdraw", agentToken, { id: releaseId });
    expect(agentWithdraw.body).toMatchObject({ status: 1, key: "PERMISSION_DENIED" });
    expect((await download(releaseId)).status).toBe(200);

    const withdrawn = await staffPost(t, "/software/releases/withdraw", editorToken, { id: releaseId });
    expect(withdrawn.body).toMatchObject({ status: 0 });
    for (const unknown of [releaseId, 999_999_999, "abc", "0", "1e3"]) {
      const refused = await download(unknown);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({ status: 1, key: "NOT_FOUND" });
    }
    const again = await staffPost(t, "/software/releases/withdraw", editorToken, { id: 999_999_999 });
    expect(again.body).toMatchObject({ status: 1, key: "NOT_FOUND" });
    const list = await staffPost(t, "/software/releases/list", editorToken, { software_id: id });
    expect(list.body.data.releases).toMatchObject([{ id: releaseId, withdrawn_at: expect.any(String) }]);
  });

  it("a draft tool's release is 404 to download", async () => {
    const { id } = await createContent(t.ctx, null, softwareKind, { slug: "http-draft", fields: { name: "草稿工具" } });
    const added = await addRelease(editorToken, { software_id: String(id), version: "0.1.0", platform: "any" });
    expect(added.body.status).toBe(0);
    expect((await download(added.body.data.id)).status).toBe(404);
    expect((await t.post("/software/list", {})).body.data.Software.map((s: { Slug: string }) => s.Slug)).not.toContain(
      "http-draft",
    );
  });

  it("the web tier, its platform thread and the platform agree on the largest release file", () => {
    expect(SOFTWARE_RELEASE_MAX_FILE_BYTES).toBe(RELEASE_MAX_FILE_BYTES);
    expect(bodyLimitOf(`/staff${SOFTWARE_RELEASE_ADD_PATH}`, 64 * 1024)).toBe(SOFTWARE_RELEASE_BODY_MAX_BYTES);
    expect(bodyLimitOf("/staff/software/releases/withdraw", 64 * 1024)).toBe(64 * 1024);
  });
});
