import { describe, expect, it } from "vitest";
import { markedSegments, snippetOf, SNIPPET_LENGTH } from "./snippet";

const text = (segments: { text: string }[]) => segments.map((s) => s.text).join("");
const hits = (segments: { text: string; hit: boolean }[]) => segments.filter((s) => s.hit).map((s) => s.text);

describe("markedSegments", () => {
  it("marks every occurrence, longest word first, in any case", () => {
    expect(markedSegments("RTX 4090 显存 24GB，4090 显卡", ["4090", "显存"])).toEqual([
      { text: "RTX ", hit: false },
      { text: "4090", hit: true },
      { text: " ", hit: false },
      { text: "显存", hit: true },
      { text: " 24GB，", hit: false },
      { text: "4090", hit: true },
      { text: " 显卡", hit: false },
    ]);
    expect(hits(markedSegments("中国科学院和中国", ["中国", "中国科学院"]))).toEqual(["中国科学院", "中国"]);
  });

  it("a number only whole, a Latin word from its start: never inside another word", () => {
    expect(hits(markedSegments("40900 与 4090", ["4090"]))).toEqual(["4090"]);
    expect(hits(markedSegments("openssh 和 SSHD", ["ssh"]))).toEqual(["SSHD"]);
    expect(hits(markedSegments("打开 JupyterLab", ["jupyter"]))).toEqual(["JupyterLab"]);
  });

  it("reads regular-expression characters as text", () => {
    expect(hits(markedSegments("学 c++ 与 c#", ["c++", "(.*)"]))).toEqual(["c++"]);
    expect(markedSegments("没有匹配", [])).toEqual([{ text: "没有匹配", hit: false }]);
  });
});

describe("snippetOf", () => {
  const long = `${"开头的说明文字。".repeat(10)}这里讲显存。${"中间的说明文字。".repeat(10)}结尾。`;

  it("about 80 characters from a little before the first match, … where cut, lines joined", () => {
    const snippet = snippetOf(long, ["显存"]);
    expect(snippet[0]).toEqual({ text: expect.stringMatching(/^…/), hit: false });
    expect(snippet.at(-1)).toEqual({ text: expect.stringMatching(/…$/), hit: false });
    expect(text(snippet).length).toBeLessThanOrEqual(SNIPPET_LENGTH + 2);
    expect(text(snippet)).toContain("这里讲显存。");
    expect(hits(snippet)).toEqual(["显存"]);
    expect(text(snippetOf("第一行\n\n第二行 显存", ["显存"]))).toBe("第一行 第二行 显存");
  });

  it("prefers the place where the most different words are close together", () => {
    const plain = `显存很重要。${"填充的文字内容。".repeat(12)}RTX 4090 有 24 GB 显存。`;
    expect(hits(snippetOf(plain, ["显存", "4090"]))).toEqual(["4090", "显存"]);
  });

  it("the text's start when only the title matched; never splits a number or a surrogate pair", () => {
    expect(snippetOf("短文本", ["显存"])).toEqual([{ text: "短文本", hit: false }]);
    // 20 characters before 显存 falls inside 1234567890: the cut moves past it.
    const numbers = `${"文".repeat(30)}1234567890${"字".repeat(15)}显存${"尾".repeat(60)}`;
    expect(text(snippetOf(numbers, ["显存"]))).toMatch(/^…字{15}显存/);
    // 20 units before 显存 is the low half of an emoji.
    const emoji = `a${"😀".repeat(59)}b显存${"😀".repeat(60)}`;
    const cut = text(snippetOf(emoji, ["显存"]));
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });
});
