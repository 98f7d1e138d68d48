/**
 * The open API reference's examples (docs page "访问密钥与签名请求", issue 38 §4) run as a reader would run them:
 * the code blocks are taken from the doc as the platform serves it, and run with bash (curl + openssl), python3 and
 * node against this test platform listening on 127.0.0.1, with the key in the environment. Each must print the
 * account's instance list; a wrong secret's run must print the documented refusal.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocPageWire } from "../contract/docs";
import { hourly, mainAccount, opKey, rentalFields, testOffer, type TestAccount } from "../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";

const run = promisify(execFile);

let t: TestPlatform;
let server: ServerType;
let base = "";
let dir = "";
let owner: TestAccount;
let uuid = "";
let key = { id: 0, keyId: "", secret: "" };
const examples: Record<string, string> = {};

/** The fenced code blocks of a markdown text, by language. */
function codeBlocks(markdown: string): Record<string, string> {
  const blocks: Record<string, string> = {};
  for (const match of markdown.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)) blocks[match[1]!] = match[2]!;
  return blocks;
}

const RUNNERS = {
  bash: { file: "example.sh", command: "bash" },
  python: { file: "example.py", command: "python3" },
  js: { file: "example.mjs", command: "node" },
} as const;

async function runExample(language: keyof typeof RUNNERS, env: Record<string, string>): Promise<unknown> {
  const { file, command } = RUNNERS[language];
  const at = path.join(dir, file);
  await writeFile(at, examples[language]!);
  const { stdout } = await run(command, [at], { env: { ...process.env, ...env }, timeout: 20_000 });
  return JSON.parse(stdout.trim());
}

beforeAll(async () => {
  t = await startTestPlatform();
  await new Promise<void>((resolve) => {
    server = serve({ fetch: (request) => t.platform.fetch(request), hostname: "127.0.0.1", port: 0 }, () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(path.join(tmpdir(), "open-api-docs-"));
  owner = await mainAccount(t, { cashFen: 1_000_00 });
  const offer = await testOffer(t, { hosts: [8] });
  const rented = await t.post("/instance/create_instance", {
    session: owner.token,
    ...rentalFields(hourly(offer)),
    operation_key: opKey(),
  } as never);
  uuid = rented.body.data.Instance.InstanceUuid;
  const created = await t.post("/open_api/create_key", {
    session: owner.token,
    name: "文档示例",
    scopes: "instances:read",
  });
  key = { id: created.body.data.key.id, keyId: created.body.data.key.access_key_id, secret: created.body.data.secret };
  const page = await t.get("/docs/page", { slug: "open-api-signing" });
  Object.assign(examples, codeBlocks((page.body.data as DocPageWire).body));
});

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (dir) await rm(dir, { recursive: true, force: true });
  await t?.close();
});

describe("the open API reference's examples", () => {
  it("are in the doc as served: curl + openssl, Python and Node", () => {
    expect(Object.keys(examples)).toEqual(expect.arrayContaining(["bash", "python", "js"]));
  });

  it.each(["bash", "python", "js"] as const)("%s: lists the key's account's instances", async (language) => {
    const env = { OPENAPI_BASE: base, ACCESS_KEY_ID: key.keyId, ACCESS_KEY_SECRET: key.secret };
    const reply = (await runExample(language, env)) as { status: number; data: { list: { InstanceUuid: string }[] } };
    expect(reply.status).toBe(0);
    expect(reply.data.list.map((i) => i.InstanceUuid)).toEqual([uuid]);
  });

  it.each(["bash", "python", "js"] as const)(
    "%s: prints the documented refusal for a wrong secret",
    async (language) => {
      const env = { OPENAPI_BASE: base, ACCESS_KEY_ID: key.keyId, ACCESS_KEY_SECRET: `${key.secret}x` };
      expect(await runExample(language, env)).toMatchObject({ status: 1, key: "OPEN_API_SIGNATURE_INVALID" });
    },
  );
});
