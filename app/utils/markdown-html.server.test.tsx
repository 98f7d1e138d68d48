import MarkdownPreview from "@uiw/react-markdown-preview/nohighlight";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { XSS_CORPUS } from "../../tests/e2e/fixtures/xss-corpus";
import { MALICIOUS_DOCUMENT, RULES_DOCUMENT } from "../../tests/support/markdown-documents";
import { deskMarkdownUrl, renderDeskMarkdown } from "./desk-markdown.server";
import { markdownHtml } from "./markdown-html.server";
import { markdownPreviewOptions } from "./markdown-render";
import { safeMarkdownUrl } from "./markdown-url";
import { renderMarkdown } from "./markdown.server";

/*
 * Decision 041: the server renders markdown with one processor built once
 * (markdown-pipeline.server.ts) instead of rendering <MarkdownPreview> per
 * message. The component stays the reference: every document below goes
 * through both, in one run (so state left behind by one document would show
 * in the next), and the HTML must be the same string, byte for byte: the
 * pipeline itself, and the page-facing functions (which keep what they
 * rendered, rendered-markdown-cache.ts) on a first and a second call.
 */

/** What threads and documents hold: every construct of the chain, the toolbar's output, and odd corners. */
const FEATURES = [
  "",
  "   ",
  "实例运行训练任务时显存占用异常，`nvidia-smi` 显示 **24 GB** 全部占满，重启后仍然如此。\n\n1. 第一步\n2. 第二步",
  "# 同名\n\n## 同名\n\n### *强调* 与 `代码` 的标题\n\n#### 4\n\n##### 5\n\n###### 6\n\nSetext 标题\n===",
  "> ## 引用里的标题\n>\n> 引用正文",
  "```bash title=run.sh\nnvidia-smi\ndu -sh /root/* | sort -rh\n```\n\n~~~\nplain <b>fence</b> & \"quotes\" 'single' > gt\n~~~\n\n    indented code",
  "| 位置 | 清理方式 | 数量 |\n| :--- | :---: | ---: |\n| `~/.cache/pip` | `pip cache purge` | 1 |\n| a \\| b | **粗** | 2 |",
  "- [ ] 待办\n- [x] 完成\n  - 嵌套\n    1. 更深\n\n3. 从三开始\n4. 四",
  "脚注[^1]与第二个[^note]。\n\n[^1]: 脚注内容\n[^note]: 另一个 **脚注**",
  "> [!NOTE]\n> 提示内容\n\n> [!WARNING]\n> 警告\n> 第二行\n\n> [!caution] 小写",
  "段落\n<!--rehype:style=color:red;&title=属性-->\n\n<!--rehype:ignore:start-->\n被忽略\n<!--rehype:ignore:end-->\n\n后文 <!-- 普通注释 -->",
  "自动链接 www.example.com 与 https://example.com/path?q=1&r=2 和 mail@example.com，<https://example.org>",
  '[标题链接](https://example.com "标题") [引用][ref] ![图](https://example.com/a.png "图题")\n\n[ref]: https://example.com/ref',
  "&amp; &lt;tag&gt; &copy; &#169; &#x4E2D; \"双引号\" '单引号' a > b < c",
  "行末两个空格  \n换行\\\n反斜杠换行\n\n---\n\n***\n\n*斜* _斜_ **粗** __粗__ ~~删~~ ~单删~",
  "<details><summary>展开</summary>\n\n隐藏的 **内容**\n\n</details>",
  "<pre>\n\n两个换行开头</pre>\n\n<pre>\n一个换行开头</pre>\n\n<textarea>\n文本</textarea>",
  '<table>\n  <tr>\n    <td colspan="2" align="center">合并</td>\n  </tr>\n</table>',
  '<input type="checkbox" checked disabled> <input type="text" value="x">\n\n<ol start="3" reversed><li>三</li></ol>',
  '<img src="/work-order-files/14" width="100" height="50" alt="截图" title="t"> <img srcset="a.png 1x, b.png 2x" src="c.png">',
  '<a href="#x" name="x" id="y">锚</a> <a href="/work-order-files/13?download=1" title="下载">日志</a> <a>无地址</a> <a href=""></a>',
  '<kbd>Ctrl</kbd> <abbr title="图形处理器">GPU</abbr> <q cite="https://example.com">引</q> <ins>增</ins> <del datetime="2026-01-01">删</del> <s>划</s> <small>小</small> <var>x</var> <samp>s</samp> <tt>t</tt> <ruby>汉<rp>(</rp><rt>hàn</rt><rp>)</rp></ruby>',
  '<div align="right" dir="rtl" lang="en" class="x y" id="z" itemprop="p">右</div> <span class="badge" title="t">标</span> <hr noshade size="2"> <br clear="all">',
  '<font color="red">旧</font> <center>中</center> <blink>闪</blink> <custom-el>自定义</custom-el> <x-y>连字符</x-y>',
  '<p style="color:red" tabindex="0" accesskey="k" aria-label="标签" aria-hidden="true" data-x="1">属性</p>',
  '<h2 id="custom">自定义 id</h2>\n\n<h3>原始标题</h3>\n\n## 带 <u>HTML</u> 的标题',
  '<dl><dt>术语</dt><dd>解释</dd></dl> <blockquote cite="x">块引</blockquote> <figure><img src="a.png"><figcaption>图注</figcaption></figure>',
  '<video src="v.mp4" controls></video> <audio src="a.mp3"></audio> <object data="x.swf"></object> <embed src="x">',
  "[相对](./a) [查询](?q=1) [协议相对](//example.com) [邮件](mailto:a@example.com) [电话](tel:123) [ftp](ftp://x) [未知](foo:bar)",
  "![svg](data:image/svg+xml;base64,PHN2Zz4=) ![webp](data:image/webp;base64,UklGRg==) ![jpeg](data:image/jpeg;base64,/9j/)",
  "混合 **粗体 *嵌套斜体* 粗体** 与 `代码里的 <script>` 和 \\*转义\\*",
  "1) 括号列表\n2) 第二\n\n* 星号\n+ 加号",
  "表格后紧跟文本\n| a |\n| - |\n| 1 |\n文本",
  '<sup>上</sup><sub>下</sub><mark>标</mark><u>下划</u>\n<p align="left">左</p>\n<p align="center">中</p>',
  "#不是标题\n\n#\n\n# \n\n[空链接]() ![空图]()",
  "x".repeat(3000),
];

const CORPUS: [string, string][] = [
  ...XSS_CORPUS.map((vector, i): [string, string] => [`XSS vector ${i + 1}`, vector]),
  ["the XSS corpus as one body", XSS_CORPUS.join("\n\n")],
  ["the rules document", RULES_DOCUMENT],
  ["the malicious document", MALICIOUS_DOCUMENT],
  ...FEATURES.map((text, i): [string, string] => [`feature ${i + 1}`, text]),
  ["all features as one body", FEATURES.join("\n\n")],
];

/** The reference: the component the editor's preview uses, rendered on the server as before decision 041. */
const viaComponent = (source: string) =>
  renderToStaticMarkup(<MarkdownPreview source={source} {...markdownPreviewOptions} />);
const viaComponentForDesk = (source: string) =>
  renderToStaticMarkup(<MarkdownPreview source={source} {...markdownPreviewOptions} urlTransform={deskMarkdownUrl} />);

describe("the server's markdown pipeline against <MarkdownPreview>", () => {
  it.each(CORPUS)("users' pages: %s", (_name, source) => {
    const expected = viaComponent(source);
    expect(markdownHtml(source, safeMarkdownUrl)).toBe(expected);
    expect(renderMarkdown(source)).toBe(expected);
    expect(renderMarkdown(source)).toBe(expected);
  });

  it.each(CORPUS)("the desk: %s", (_name, source) => {
    const expected = viaComponentForDesk(source);
    expect(markdownHtml(source, deskMarkdownUrl)).toBe(expected);
    expect(renderDeskMarkdown(source)).toBe(expected);
    expect(renderDeskMarkdown(source)).toBe(expected);
  });

  it("renders the same document the same way every time (no state kept between messages)", () => {
    const source = FEATURES.join("\n\n");
    const first = markdownHtml(source, safeMarkdownUrl);
    for (const other of [RULES_DOCUMENT, MALICIOUS_DOCUMENT, ...FEATURES]) markdownHtml(other, safeMarkdownUrl);
    expect(markdownHtml(source, safeMarkdownUrl)).toBe(first);
    // Heading ids are counted per message: the second message's "同名" is not "同名-1".
    expect(markdownHtml("# 同名", safeMarkdownUrl)).toContain('id="user-content-同名"');
    expect(markdownHtml("# 同名", safeMarkdownUrl)).toContain('id="user-content-同名"');
  });

  it("keeps users' and the desk's HTML of one text apart", () => {
    const source = "![截图](/work-order-files/31)";
    expect(renderMarkdown(source)).toContain('src="/work-order-files/31"');
    expect(renderDeskMarkdown(source)).toContain('src="/desk/files/31"');
    expect(renderMarkdown(source)).toContain('src="/work-order-files/31"');
  });

  it("keeps the preview's container, so the card's styles apply", () => {
    expect(renderMarkdown("文本")).toBe(
      '<div data-color-mode="light" class="wmde-markdown wmde-markdown-color "><p>文本</p></div>',
    );
  });
});
