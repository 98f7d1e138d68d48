import { describe, expect, it } from "vitest";
import { markdownToPlainText } from "./plain-text";
import { segmentWords } from "./segment";

describe("markdownToPlainText", () => {
  it("keeps what a reader sees: no markup, link targets, comments or raw HTML; one line per block", () => {
    const markdown = [
      "# 快速开始",
      "",
      "先**注册**，再[充值](/console/recharge)。",
      "",
      "<!-- rules:duration-discounts -->",
      "",
      "- 按量计费",
      "- 包月 `0.95` 折",
      "",
      "![控制台截图](/docs/shot.png)",
      "",
      "| GPU | 显存 |",
      "| --- | --- |",
      "| RTX 4090 | 24 GB |",
      "",
      "```bash",
      "ssh -p 22 root@host",
      "```",
      "<b>粗体</b>",
    ].join("\n");
    expect(markdownToPlainText(markdown)).toBe(
      [
        "快速开始",
        "先注册，再充值。",
        "按量计费",
        "包月 0.95 折",
        "控制台截图",
        "GPU",
        "显存",
        "RTX 4090",
        "24 GB",
        "ssh -p 22 root@host",
        "粗体",
      ].join("\n"),
    );
  });
});

describe("segmentWords", () => {
  it("cuts Chinese into searchable words, keeps Latin words and numbers whole, lower-cases, drops punctuation", () => {
    expect(segmentWords("如何用SSH连接实例并查看4090显存？")).toEqual([
      "如何",
      "用",
      "ssh",
      "连接",
      "实例",
      "并",
      "查看",
      "4090",
      "显存",
    ]);
    expect(segmentWords("中国科学院")).toEqual(expect.arrayContaining(["中国", "科学院", "中国科学院"]));
    expect(segmentWords("！？，。 ")).toEqual([]);
  });
});
