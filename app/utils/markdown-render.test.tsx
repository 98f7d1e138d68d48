import { describe, expect, it } from "vitest";
import { XSS_CORPUS } from "../../tests/e2e/fixtures/xss-corpus";
import { RULES_DOCUMENT } from "../../tests/support/markdown-documents";
import { renderMarkdown } from "./markdown.server";
import { renderDeskMarkdown } from "./desk-markdown.server";
import { isSiteImageUrl, safeMarkdownUrl } from "./markdown-url";

/** Every start tag of an HTML string (text is escaped, so a literal "<" opens a real tag). */
const tags = (html: string) => [...html.matchAll(/<[a-z][^>]*>/gi)].map((m) => m[0]);

/** A tag's attributes as React writes them (values double-quoted, quotes inside escaped). */
const attributes = (tag: string) =>
  [...tag.replace(/^<[a-z0-9]+/i, "").matchAll(/\s([^\s=/>]+)(?:="([^"]*)")?/g)].map((m) => ({
    name: m[1]!.toLowerCase(),
    value: m[2] ?? "",
  }));

/** An attribute value decoded the way a browser reads a URL in it. */
const asUrl = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ":")
    .replace(/&amp;/g, "&")
    .replace(/[\u0000-\u0020\u007f-\u009f]/g, "");

const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "srcset",
  "action",
  "formaction",
  "data",
  "xlink:href",
  "poster",
  "background",
  "cite",
  "longdesc",
]);
const SCRIPT_CAPABLE =
  /^<(script|iframe|object|embed|form|button|meta|base|link|style|svg|math|body|frame|frameset|applet|noscript|textarea|template|video|audio|x)\b/i;

function expectHarmless(html: string) {
  for (const tag of tags(html)) {
    expect(tag, tag).not.toMatch(SCRIPT_CAPABLE);
    for (const { name, value } of attributes(tag)) {
      expect(name, tag).not.toMatch(/^(on.*|style|srcdoc|formaction|action|http-equiv)$/);
      if (!URL_ATTRIBUTES.has(name)) continue;
      const url = asUrl(value);
      expect(url, tag).not.toMatch(/^(javascript|vbscript|file):/i);
      if (/^data:/i.test(url)) expect(url, tag).toMatch(/^data:image\/(gif|png|jpeg|webp);/i);
    }
  }
}

describe("the XSS corpus", () => {
  it("has at least 30 known vectors", () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(XSS_CORPUS.map((vector, i) => [i + 1, vector]))("vector %i renders harmless: %s", (_i, vector) => {
    expectHarmless(renderMarkdown(vector));
  });

  it("renders harmless all together, as one work-order body", () => {
    const html = renderMarkdown(XSS_CORPUS.join("\n\n"));
    expectHarmless(html);
    // The visible text of neutralised links stays.
    expect(html).toContain("脚本链接");
    expect(html).toContain("markdown 链接");
  });
});

describe("the rendering rules (spec §5)", () => {
  const html = renderMarkdown(RULES_DOCUMENT);

  it("keeps line breaks", () => {
    expect(html).toMatch(/第一行<br\s*\/?>\s*第二行/);
  });

  it("opens links not starting with '#' in a new tab without an opener", () => {
    expect(html).toMatch(/<a[^>]*href="https:\/\/example.com"[^>]*target="_blank"[^>]*rel="noopener noreferrer"/);
    expect(html).toMatch(/<a[^>]*href="\/console"[^>]*target="_blank"/);
    expect(html).toMatch(/<a[^>]*href="#intro"(?![^>]*target)[^>]*>锚点/);
  });

  it("keeps gif/png/jpeg/webp data images and the toolbar's allowed HTML", () => {
    expect(html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(html).toContain('src="data:image/gif;base64,R0lGODlh"');
    for (const tag of ["<u>下划线</u>", "<mark>标记</mark>", "<sup>2</sup>", "<sub>2</sub>", "<del>删除</del>"])
      expect(html).toContain(tag);
    expect(html).toMatch(/<p align="center">居中<\/p>/);
    expect(html).toContain("标题</h1>");
  });
});

describe("images from other sites (issue 33 §2)", () => {
  /** Every address an <img> or <source> of the HTML would load. */
  const loaded = (html: string) =>
    tags(html)
      .filter((tag) => /^<(img|source)\b/i.test(tag))
      .flatMap((tag) => attributes(tag).filter((a) => a.name === "src" || a.name === "srcset"))
      .map((a) => asUrl(a.value));

  const REMOTE = [
    "![t](https://evil.example/track.png)",
    "![](http://evil.example/track.png)",
    "![t](//evil.example/track.png)",
    '<img src="https://evil.example/track.png" alt="t">',
    '<img src="//evil.example/track.png">',
    '<img src="\\\\evil.example/track.png">',
    '<img src="/\\evil.example/track.png">',
    '<img src=" HTTPS://evil.example/track.png">',
    '<img src="ftp://evil.example/track.png">',
    '<picture><source srcset="https://evil.example/track.png"><img src="/work-order-files/1" alt="t"></picture>',
    "[![t](https://evil.example/track.png)](https://example.com)",
  ];

  it.each(REMOTE)("loads nothing from another site: %s", (source) => {
    for (const html of [renderMarkdown(source), renderDeskMarkdown(source)])
      for (const url of loaded(html)) expect(url).toMatch(/^(\/(?![\\/])|data:image\/)/);
  });

  it("turns a remote image into a link to it, with its description", () => {
    const html = renderMarkdown("![追踪](https://evil.example/track.png)");
    expect(html).not.toContain("<img");
    expect(html).toMatch(
      /<a href="https:\/\/evil.example\/track.png" target="_blank" rel="noopener noreferrer">外部图片：追踪<\/a>/,
    );
    // Inside a link it is only text: a link cannot hold another.
    const linked = renderMarkdown("[![追踪](https://evil.example/track.png)](https://example.com)");
    expect(linked).toMatch(/<a href="https:\/\/example.com"[^>]*>外部图片：追踪<\/a>/);
  });

  it("keeps this site's images (uploads, paths) and the allowed data: images", () => {
    const html = renderMarkdown(
      '![截图](/work-order-files/12) ![相对](img/a.png) ![点](data:image/png;base64,iVBORw0KGgo=) <img src="/work-order-files/13">',
    );
    expect(loaded(html)).toEqual([
      "/work-order-files/12",
      "img/a.png",
      "data:image/png;base64,iVBORw0KGgo=",
      "/work-order-files/13",
    ]);
    expect(loaded(renderDeskMarkdown("![截图](/work-order-files/12)"))).toEqual(["/desk/files/12"]);
  });

  it("isSiteImageUrl: paths and gif/png/jpeg/webp data images only", () => {
    for (const url of ["/a.png", "a.png", "../a.png", "?x=1", "data:image/webp;base64,AA=="])
      expect(isSiteImageUrl(url), url).toBe(true);
    for (const url of [
      "https://x/a.png",
      "http://x",
      "//x/a.png",
      "\\\\x/a.png",
      "/\\x",
      " //x",
      "blob:x",
      "data:image/svg+xml,<svg/>",
    ])
      expect(isSiteImageUrl(url), url).toBe(false);
  });
});

describe("safeMarkdownUrl", () => {
  it("allows only gif, png, jpeg and webp data images", () => {
    for (const kind of ["gif", "png", "jpeg", "webp"])
      expect(safeMarkdownUrl(`data:image/${kind};base64,AA==`)).not.toBe("");
    expect(safeMarkdownUrl("data:image/svg+xml;base64,AA==")).toBe("");
    expect(safeMarkdownUrl("data:text/html;base64,AA==")).toBe("");
    expect(safeMarkdownUrl(" javascript:alert(1)")).toBe("");
    expect(safeMarkdownUrl("java\tscript:alert(1)")).toBe("");
    expect(safeMarkdownUrl("VBScript:msgbox(1)")).toBe("");
    expect(safeMarkdownUrl("file:///etc/passwd")).toBe("");
    expect(safeMarkdownUrl("https://example.com/a.png")).toBe("https://example.com/a.png");
    expect(safeMarkdownUrl("/inform")).toBe("/inform");
  });
});
