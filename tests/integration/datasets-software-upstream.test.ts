/**
 * The web tier's datasets and software upstream (app/upstream/datasets.server.ts,
 * software.server.ts) against a real platform over HTTP: the public reads, the
 * download, and the editors' release functions the desk calls (add with a
 * file, list, withdraw), with refusals as the UpstreamError kind a page acts
 * on (another role → forbidden, a gone release → not-found, a bad file →
 * refused beside its field).
 */
import { serve, type ServerType } from "@hono/node-server";
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHttpApp } from "../../platform/http/app";
import { softwareKind } from "../../platform/modules/content/kinds";
import { seedPublishedContent } from "../../platform/modules/content/lifecycle";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { addStaff, staffLogin } from "../support/staff";

type Software = typeof import("~/upstream/software.server");
type Datasets = typeof import("~/upstream/datasets.server");
type Transport = typeof import("~/upstream/transport.server");

let t: TestPlatform;
let server: ServerType;
let software: Software;
let datasets: Datasets;
let UpstreamError: Transport["UpstreamError"];

beforeAll(async () => {
  t = await startTestPlatform();
  const app = createHttpApp(t.ctx, { sandbox: true, addressing: { role: "standalone", trustProxy: null } });
  server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  vi.stubEnv("PLATFORM_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  software = await import("~/upstream/software.server");
  datasets = await import("~/upstream/datasets.server");
  ({ UpstreamError } = await import("~/upstream/transport.server"));
}, 60_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  if (server) await new Promise((resolve) => server.close(resolve));
  if (t) await t.close();
});

async function refusal(pending: Promise<unknown>) {
  const error = await pending.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as InstanceType<Transport["UpstreamError"]>;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const script = (text: string, name = "tool.sh") => new File([new TextEncoder().encode(text)], name);

describe("datasets upstream", () => {
  it("lists by task and reads one; an unknown slug is not-found", async () => {
    const list = await datasets.listDatasets("图像分类");
    expect(list.Datasets.map((d) => d.Slug)).toEqual(["imagenet-1k", "cifar-10"]);
    expect((await datasets.getDataset("cifar-10")).FileCount).toBe(8);
    expect((await refusal(datasets.getDataset("nothing"))).kind).toBe("not-found");
  });
});

describe("software upstream", () => {
  it("adds, lists and withdraws a release for an editor; the download follows; an agent is forbidden", async () => {
    const editor = { token: await staffLogin(t, await addStaff(t, "editor", "编辑小林")) };
    const agent = { token: await staffLogin(t, await addStaff(t, "agent", "客服小赵")) };
    const { id } = await seedPublishedContent(t.ctx, softwareKind, {
      slug: "upstream-tool",
      fields: { name: "上传助手", summary: "", position: 0, body: "" },
    });
    const input = { softwareId: id, version: "3.0.0", platform: "linux", notes: "新版", file: script("echo 3\n") };

    expect((await refusal(software.addSoftwareRelease(agent, input))).kind).toBe("forbidden");
    const bad = await refusal(software.addSoftwareRelease(editor, { ...input, file: script("echo", "x.exe") }));
    expect(bad).toMatchObject({ kind: "refused", key: "UPLOAD_TYPE_UNSUPPORTED", field: "file" });

    const added = await software.addSoftwareRelease(editor, input);
    expect(added).toMatchObject({ version: "3.0.0", file_name: "tool.sh", added_by: "编辑小林" });
    const listed = (await software.listSoftware()).find((s) => s.Slug === "upstream-tool")!;
    expect(listed.Latest.map((r) => r.Id)).toEqual([added.id]);

    const served = await software.fetchSoftwareRelease(added.id);
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(sha256(bytes)).toBe(added.sha256);
    expect(served.headers.get("x-content-sha256")).toBe(added.sha256);

    expect((await refusal(software.listSoftwareReleases(agent, id))).kind).toBe("forbidden");
    expect((await refusal(software.withdrawSoftwareRelease(agent, added.id))).kind).toBe("forbidden");
    await software.withdrawSoftwareRelease(editor, added.id);
    expect((await software.listSoftwareReleases(editor, id)).map((r) => r.withdrawn_at !== null)).toEqual([true]);
    expect((await refusal(software.fetchSoftwareRelease(added.id))).kind).toBe("not-found");
    expect((await refusal(software.withdrawSoftwareRelease(editor, 999_999_999))).kind).toBe("not-found");
  });
});
