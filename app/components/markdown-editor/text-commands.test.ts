import { describe, expect, it } from "vitest";
import * as c from "./text-commands";

/** "a«b»c" marks the selection; the same notation for the result. */
function state(marked: string): c.TextState {
  const start = marked.indexOf("«");
  const end = marked.indexOf("»") - 1;
  return { text: marked.replace("«", "").replace("»", ""), selection: { start, end } };
}
function show({ text, selection }: c.TextState): string {
  return `${text.slice(0, selection.start)}«${text.slice(selection.start, selection.end)}»${text.slice(selection.end)}`;
}
const run = (command: c.TextCommand, marked: string) => show(command(state(marked)));

describe("inline commands wrap the selection, and unwrap it the second time", () => {
  it.each([
    ["bold", c.bold, "说«重点»了", "说**«重点»**了"],
    ["italic", c.italic, "«斜体»", "*«斜体»*"],
    ["strikethrough", c.strikethrough, "«删»", "~~«删»~~"],
    ["underline", c.underline, "«下划线»", "<u>«下划线»</u>"],
    ["mark", c.mark, "«标记»", "<mark>«标记»</mark>"],
    ["superscript", c.superscript, "x«2»", "x<sup>«2»</sup>"],
    ["subscript", c.subscript, "H«2»O", "H<sub>«2»</sub>O"],
    ["bold, empty selection", c.bold, "ab«»cd", "ab**«»**cd"],
  ])("%s", (_name, command, before, after) => {
    expect(run(command, before)).toBe(after);
    expect(run(command, after)).toBe(before);
  });

  it("unwraps markers selected with the text", () => {
    expect(run(c.bold, "«**粗**»")).toBe("«粗»");
  });
});

describe("line commands", () => {
  it("makes headings 1 to 6, replacing another level, and toggles the same level off", () => {
    for (const level of [1, 2, 3, 4, 5, 6] as const)
      expect(run(c.heading(level), "标«题»")).toBe(`«${"#".repeat(level)} 标题»`);
    expect(run(c.heading(2), "# «标题»")).toBe("«## 标题»");
    expect(run(c.heading(2), "## «标题»")).toBe("«标题»");
    expect(run(c.heading(1), "## «标题»")).toBe("«# 标题»");
  });

  it("quotes and lists every selected line", () => {
    expect(run(c.quote, "前\n«甲\n乙»\n后")).toBe("前\n«> 甲\n> 乙»\n后");
    expect(run(c.unorderedList, "«甲\n乙»")).toBe("«- 甲\n- 乙»");
    expect(run(c.orderedList, "«甲\n乙\n丙»")).toBe("«1. 甲\n2. 乙\n3. 丙»");
    expect(run(c.orderedList, "«1. 甲\n2. 乙»")).toBe("«甲\n乙»");
    expect(run(c.quote, "«> 甲»")).toBe("«甲»");
  });

  it("aligns the selected lines", () => {
    expect(run(c.align("center"), "«居中»")).toBe('«<p align="center">居中</p>»');
    expect(run(c.align("right"), '«<p align="center">居中</p>»')).toBe('«<p align="right">居中</p>»');
  });
});

describe("blocks", () => {
  it("fences a code block on lines of its own", () => {
    expect(run(c.codeBlock, "看«let a = 1»这")).toBe("看\n```\n«let a = 1»\n```\n这");
    expect(run(c.codeBlock, "«»")).toBe("```\n«»\n```");
  });

  it("inserts a table with its first header selected", () => {
    expect(run(c.table("列 1", "列 2"), "表格：«»")).toBe("表格：\n| «列 1» | 列 2 |\n| --- | --- |\n|  |  |");
  });

  it("clears everything", () => {
    expect(run(c.clear, "全«部»")).toBe("«»");
  });
});

describe("links and images", () => {
  it("writes the description and the address", () => {
    expect(run(c.link("文档", "https://example.com/a"), "见«»。")).toBe("见[文档](https://example.com/a)«»。");
    expect(run(c.image("截图", "/files/1.png"), "«旧»")).toBe("![截图](/files/1.png)«»");
  });

  it("escapes brackets in the description and spaces and parentheses in the address", () => {
    expect(c.link("a]b", "https://x.example/a b(1)")(state("«»")).text).toBe("[a\\]b](https://x.example/a%20b%281%29)");
  });

  it("removes the image at the cursor and says its address", () => {
    const result = c.removeImageAt(state("前![图](/u/1.png)«»后"));
    expect(show(result)).toBe("前«»后");
    expect(result.removedUrl).toBe("/u/1.png");
    const none = c.removeImageAt(state("没有«»图片"));
    expect(none.removedUrl).toBeNull();
    expect(show(none)).toBe("没有«»图片");
  });

  it("removes every image with an address", () => {
    const result = c.removeImagesByUrl(state("a![x](/u/1.png)b![y](/u/2.png)c![z](/u/1.png)d«»"), "/u/1.png");
    expect(show(result)).toBe("ab![y](/u/2.png)cd«»");
  });

  it("lists the image addresses in the text (the uploads the form still posts), not links or look-alikes", () => {
    const urls = c.imageUrlsOf('![a](/work-order-files/12) [b](/work-order-files/13) ![c](/work-order-files/123 "题")');
    expect([...urls]).toEqual(["/work-order-files/12", "/work-order-files/123"]);
    expect(c.imageUrlsOf("/work-order-files/1 ![]()").has("/work-order-files/1")).toBe(false);
  });
});

describe("headingsOf", () => {
  it("lists headings with their levels and offsets, not those in code blocks", () => {
    const text = "# 一\n正文\n## 二 ##\n```\n# 不是\n```\n###### 六";
    expect(c.headingsOf(text)).toEqual([
      { level: 1, title: "一", offset: 0 },
      { level: 2, title: "二", offset: text.indexOf("## 二") },
      { level: 6, title: "六", offset: text.indexOf("######") },
    ]);
  });
});
