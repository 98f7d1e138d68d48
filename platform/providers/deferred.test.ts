import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadOnFirstCall } from "./deferred";
import { deferredSmsProvider } from "./sms/deferred";
import type { SmsMessage, SmsProvider } from "./sms/types";

describe("loadOnFirstCall", () => {
  it("loads nothing when created, once on the first call, and never again", async () => {
    let loads = 0;
    const provider = loadOnFirstCall(async () => ({ n: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([provider(), provider()]);
    expect(await provider()).toBe(a);
    expect(b).toBe(a);
    expect(loads).toBe(1);
  });

  it("does not remember a failed load: the next call loads again", async () => {
    let loads = 0;
    const provider = loadOnFirstCall(async () => {
      loads += 1;
      if (loads === 1) throw new Error("module not found");
      return "loaded";
    });
    await expect(provider()).rejects.toThrow("module not found");
    await expect(provider()).resolves.toBe("loaded");
    expect(loads).toBe(2);
  });
});

describe("deferredSmsProvider", () => {
  it("hands each message to the provider it loads, and the provider's refusal to the caller", async () => {
    const sent: string[] = [];
    let loads = 0;
    const sms = deferredSmsProvider(async () => {
      loads += 1;
      const loaded: SmsProvider = {
        sendCode: async (message: SmsMessage) => void sent.push(message.phone),
        sendNotice: async () => {
          throw new Error("no template");
        },
      };
      return loaded;
    });
    expect(loads).toBe(0);
    await sms.sendCode({ phone: "13800000000", code: "123456", purpose: "login" });
    await expect(sms.sendNotice({} as never)).rejects.toThrow("no template");
    expect(sent).toEqual(["13800000000"]);
    expect(loads).toBe(1);
  });
});

describe("the Aliyun SDKs stay out of a sandbox platform's imports", () => {
  it("only the Aliyun adapters import them, and only adapters and tests import an adapter statically", () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(file);
      }
    };
    walk(path.join(root, "platform"));
    walk(path.join(root, "app"));
    const adapter = (file: string) => /\/providers\/[a-z]+\/aliyun[\w-]*\.ts$/.test(file);
    const offenders = files.filter((file) => {
      if (adapter(file)) return false;
      const source = readFileSync(file, "utf8");
      return (
        /^import (?!type\b)[^;]*from "@alicloud\//m.test(source) ||
        /^import (?!type\b)[^;]*from "\.[^"]*\/aliyun[\w-]*"/m.test(source)
      );
    });
    expect(offenders.map((file) => path.relative(root, file))).toEqual([]);
  });
});
