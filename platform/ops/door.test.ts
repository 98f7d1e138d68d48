/**
 * Issue 33 §2: the operators' door took 100 wrong keys in a row. Now an address
 * gets 429 after 10 missing or wrong keys in 10 minutes (a reason in Chinese and
 * English for the CLI), other addresses keep working, and with OPS_PORT the
 * door is served only on its own port (127.0.0.1 unless OPS_HOST says
 * otherwise) while the public site answers 404 for /ops; `npm run ops` reaches
 * it through OPS_URL.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "../contract/security";
import { loadPlatformConfig } from "../config";
import { createPlatform, type Platform } from "../index";
import { MAX_WRONG_OPS_KEYS } from "../modules/security/ops-door";
import { MINUTE, startTestPlatform, TEST_OPS_KEY, uniqueIp, type TestPlatform } from "../../tests/support/platform";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const KEY = { authorization: `Bearer ${TEST_OPS_KEY}` };
const WRONG = { authorization: "Bearer wrong-key-wrong-key-wrong-key-wrong" };

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const commands = (headers: Record<string, string>) => t.request("/ops/commands", { headers });

describe("wrong operator keys", () => {
  it(`an address gets 429 after ${MAX_WRONG_OPS_KEYS} wrong keys in 10 minutes; other addresses keep the door`, async () => {
    const attacker = { [CLIENT_ADDRESS_HEADER]: uniqueIp() };
    for (let i = 0; i < MAX_WRONG_OPS_KEYS; i++) expect((await commands({ ...attacker, ...WRONG })).http).toBe(401);
    const refused = await commands({ ...attacker, ...WRONG });
    expect(refused.http).toBe(429);
    expect(refused.body.message).toContain("运维密钥错误次数过多");
    expect(refused.body.message).toContain("try again in 10 minutes");
    // Not another guess checked, not even the right key, from this address.
    expect((await commands({ ...attacker, ...KEY })).http).toBe(429);
    // Another address, with the right key: in.
    expect((await commands({ [CLIENT_ADDRESS_HEADER]: uniqueIp(), ...KEY })).http).toBe(200);
    t.clock.advance(11 * MINUTE);
    expect((await commands({ ...attacker, ...KEY })).http).toBe(200);
  });

  it("counts clients of unknown address together, so they too cannot guess on", async () => {
    t.clock.advance(11 * MINUTE);
    for (let i = 0; i < MAX_WRONG_OPS_KEYS; i++) await commands(WRONG);
    expect((await commands(WRONG)).http).toBe(429);
    expect((await commands({ [CLIENT_ADDRESS_HEADER]: uniqueIp(), ...KEY })).http).toBe(200);
    t.clock.advance(11 * MINUTE);
  });
});

describe("OPS_PORT", () => {
  it("is parsed with OPS_HOST defaulting to 127.0.0.1, and refused when not a port", () => {
    expect(loadPlatformConfig({ DATA_DIR: "memory://" }).opsListen).toBeUndefined();
    expect(loadPlatformConfig({ DATA_DIR: "memory://", OPS_PORT: "3902" }).opsListen).toEqual({
      port: 3902,
      host: "127.0.0.1",
    });
    expect(loadPlatformConfig({ DATA_DIR: "memory://", OPS_PORT: "3902", OPS_HOST: "10.0.0.5" }).opsListen).toEqual({
      port: 3902,
      host: "10.0.0.5",
    });
    expect(() => loadPlatformConfig({ DATA_DIR: "memory://", OPS_PORT: "ops" })).toThrow(/OPS_PORT/);
    expect(() => loadPlatformConfig({ DATA_DIR: "memory://", OPS_PORT: "70000" })).toThrow(/OPS_PORT/);
  });

  describe("with a port of its own", () => {
    let platform: Platform;
    beforeAll(async () => {
      const config = loadPlatformConfig({ DATA_DIR: "memory://", OPS_KEY: TEST_OPS_KEY, SEED_DEMO: "0" });
      platform = await createPlatform({
        config: { ...config, opsListen: { port: 0, host: "127.0.0.1" } },
        jobs: false,
      });
    }, 60_000);
    afterAll(() => platform?.close());

    it("is what `npm run ops` reaches with OPS_URL", async () => {
      const run = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ["--import", "tsx", "platform/ops/cli.ts", "help"], {
          cwd: ROOT,
          env: {
            NODE_ENV: "test",
            PATH: process.env.PATH ?? "",
            HOME: process.env.HOME ?? "",
            OPS_URL: platform.ops!.url,
            OPS_KEY: TEST_OPS_KEY,
          },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.on("error", reject);
        child.on("exit", (code) => resolve({ code, output }));
      });
      expect(run.output).toContain("usage: npm run ops");
      expect(run.output).toContain("transfer confirm");
      expect(run.code).toBe(0);
    }, 30_000);

    it("serves /ops only there, on 127.0.0.1; the public site answers 404 even to the right key", async () => {
      expect(platform.ops?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const publicDoor = await platform.fetch(new Request("http://x/ops/commands", { headers: KEY }));
      expect(publicDoor.status).toBe(404);
      const own = await fetch(`${platform.ops!.url}/ops/commands`, { headers: KEY });
      expect(own.status).toBe(200);
      expect(own.headers.get("cache-control")).toBe("private, no-store");
      expect(await own.json()).toMatchObject({ ok: true });
      // Only the door is there: the API is not.
      expect((await fetch(`${platform.ops!.url}/api/get_user_info`, { method: "POST" })).status).toBe(404);
      // Its clients are the socket's addresses: 10 wrong keys from here close it to here only.
      for (let i = 0; i < MAX_WRONG_OPS_KEYS; i++) await fetch(`${platform.ops!.url}/ops/commands`, { headers: WRONG });
      expect((await fetch(`${platform.ops!.url}/ops/commands`, { headers: KEY })).status).toBe(429);
    });
  });
});
