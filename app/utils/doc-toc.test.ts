import { describe, expect, it } from "vitest";
import { tocFromHtml } from "./doc-toc";
import { renderMarkdown } from "./markdown.server";

describe("a doc's table of contents", () => {
  it("lists the h2 and h3 of the rendered page, linked by the ids the page has", () => {
    const html = renderMarkdown(
      [
        "# 标题",
        "",
        "## 注册 个人账号",
        "",
        "正文",
        "",
        "### SSH `ssh -p` 连接",
        "",
        "## 注册 个人账号",
        "",
        "#### 更深",
      ].join("\n"),
    );
    const toc = tocFromHtml(html);
    expect(toc).toEqual([
      { level: 2, id: "user-content-注册-个人账号", text: "注册 个人账号" },
      { level: 3, id: "user-content-ssh-ssh--p-连接", text: "SSH ssh -p 连接" },
      { level: 2, id: "user-content-注册-个人账号-1", text: "注册 个人账号" },
    ]);
    for (const entry of toc) expect(html).toContain(`id="${entry.id}"`);
  });

  it("gives the text as a reader sees it", () => {
    const toc = tocFromHtml(renderMarkdown('## A & B <不是标签>\n\n## Tom\'s "guide"'));
    expect(toc.map((e) => e.text)).toEqual(["A & B <不是标签>", 'Tom\'s "guide"']);
  });

  it("is empty for a page without sections", () => {
    expect(tocFromHtml(renderMarkdown("只有一段话。"))).toEqual([]);
  });
});
