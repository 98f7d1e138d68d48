import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { draftStorageKey, readDraft, removeDraft, writeDraft } from "./draft-storage";

describe("editor drafts", () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = new Map();
    vi.stubGlobal("window", {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps one draft per key, with when it was saved", () => {
    expect(writeDraft("work-order-reply:1", "回复草稿")).toBe(true);
    writeDraft("work-order-reply:2", "另一个");
    const draft = readDraft("work-order-reply:1");
    expect(draft?.text).toBe("回复草稿");
    expect(draft?.savedAt).toBeGreaterThan(0);
    removeDraft("work-order-reply:1");
    expect(readDraft("work-order-reply:1")).toBeNull();
    expect(readDraft("work-order-reply:2")?.text).toBe("另一个");
  });

  it("treats a broken entry or storage that refuses as no draft", () => {
    store.set(draftStorageKey("x"), "{not json");
    expect(readDraft("x")).toBeNull();
    store.set(draftStorageKey("y"), JSON.stringify({ text: 1 }));
    expect(readDraft("y")).toBeNull();
    vi.stubGlobal("window", {
      localStorage: {
        getItem: () => {
          throw new Error("denied");
        },
        setItem: () => {
          throw new Error("quota");
        },
      },
    });
    expect(readDraft("x")).toBeNull();
    expect(writeDraft("x", "t")).toBe(false);
  });
});
