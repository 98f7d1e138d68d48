import { describe, expect, it } from "vitest";
import { rememberingRenderer } from "./rendered-markdown-cache";

/** A renderer that counts its calls; its HTML is the source in a paragraph (7 code units more). */
function counting() {
  const calls: string[] = [];
  const render = (source: string) => {
    calls.push(source);
    return `<p>${source}</p>`;
  };
  return { calls, render };
}

describe("rememberingRenderer", () => {
  it("renders a text once and answers the same HTML after", () => {
    const { calls, render } = counting();
    const cached = rememberingRenderer(render, 10_000);
    expect(cached("甲")).toBe("<p>甲</p>");
    expect(cached("甲")).toBe("<p>甲</p>");
    expect(cached("乙")).toBe("<p>乙</p>");
    expect(calls).toEqual(["甲", "乙"]);
  });

  it("keeps the most recently used texts within the budget", () => {
    const { calls, render } = counting();
    // Each entry: a 3-unit source and its 10-unit HTML, 13 units; the budget holds sixteen.
    const cached = rememberingRenderer(render, 16 * 13);
    const sources = Array.from({ length: 17 }, (_, i) => `t${String(i).padStart(2, "0")}`);
    for (const source of sources.slice(0, 16)) cached(source);
    cached("t00"); // used again: now the most recent
    cached("t16"); // over budget: the least recently used, t01, goes
    calls.length = 0;
    for (const source of sources.filter((s) => s !== "t01")) cached(source);
    expect(calls).toEqual([]);
    cached("t01");
    expect(calls).toEqual(["t01"]);
  });

  it("renders a text larger than a sixteenth of the budget every time, without pushing others out", () => {
    const { calls, render } = counting();
    const cached = rememberingRenderer(render, 16 * 20);
    cached("small");
    const large = "x".repeat(20);
    expect(cached(large)).toBe(`<p>${large}</p>`);
    expect(cached(large)).toBe(`<p>${large}</p>`);
    cached("small");
    expect(calls).toEqual(["small", large, large]);
  });
});
