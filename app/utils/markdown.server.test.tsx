import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";
import { safeMarkdownUrl } from "./markdown-url";
import { MALICIOUS_DOCUMENT } from "../../tests/support/markdown-documents";

describe("renderMarkdown", () => {
  const html = renderMarkdown(MALICIOUS_DOCUMENT);

  it("drops scripts, event handlers, frames and dangerous schemes", () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/alert\(/);
    expect(html).not.toMatch(/onerror|onclick/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/vbscript:/i);
    expect(html).not.toMatch(/file:/i);
    expect(html).not.toMatch(/data:text\/html/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/style=/i);
  });

  it("keeps safe content: headings, data images, links and line breaks", () => {
    expect(html).toContain("标题</h1>");
    expect(html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(html).toMatch(/<a[^>]*href="https:\/\/example.com"[^>]*target="_blank"/);
    expect(html).toMatch(/<a[^>]*href="#intro"(?![^>]*target)[^>]*>锚点/);
    expect(html).toMatch(/第一行<br\s*\/?>\s*第二行/);
    expect(html).toContain("点击");
  });
});

describe("safeMarkdownUrl", () => {
  it("allows only gif, png, jpeg and webp data images", () => {
    for (const kind of ["gif", "png", "jpeg", "webp"])
      expect(safeMarkdownUrl(`data:image/${kind};base64,AA==`)).not.toBe("");
    expect(safeMarkdownUrl("data:image/svg+xml;base64,AA==")).toBe("");
    expect(safeMarkdownUrl(" javascript:alert(1)")).toBe("");
    expect(safeMarkdownUrl("https://example.com/a.png")).toBe("https://example.com/a.png");
    expect(safeMarkdownUrl("/inform")).toBe("/inform");
  });
});
