import { describe, expect, it } from "vitest";
import { deskMarkdownUrl, renderDeskMarkdown } from "./desk-markdown.server";

describe("the desk's markdown", () => {
  it("points work-order files in images and links, markdown or raw HTML, at the desk's file route", () => {
    const html = renderDeskMarkdown(
      [
        "![截图](/work-order-files/12)",
        "[日志](/work-order-files/13?download=1)",
        '<img src="/work-order-files/14" alt="原始">',
        "`/work-order-files/15` 与 ![外部](https://example.com/work-order-files/16)",
      ].join("\n\n"),
    );
    expect(html).toContain('src="/desk/files/12"');
    expect(html).toContain('href="/desk/files/13"');
    expect(html).toContain('src="/desk/files/14"');
    // Text and other sites' addresses are left as they are (another site's image as a link to it).
    expect(html).toContain("<code>/work-order-files/15</code>");
    expect(html).toContain('href="https://example.com/work-order-files/16"');
    expect(html).not.toContain('src="https://');
    expect(html).not.toMatch(/(src|href)="\/work-order-files\//);
  });

  it("keeps the site's URL rules: dangerous schemes are still refused", () => {
    expect(deskMarkdownUrl("javascript:alert(1)")).toBe("");
    expect(deskMarkdownUrl("/work-order-files/0")).toBe("/work-order-files/0");
    expect(deskMarkdownUrl("/work-order-files/7#x")).toBe("/desk/files/7");
    const html = renderDeskMarkdown('[x](javascript:alert(1)) <img src="x" onerror="alert(2)">');
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("onerror");
  });
});
