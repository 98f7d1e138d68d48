/**
 * Markdown documents the rendering tests share: the spec's rules (§5) in one
 * document, and one made of the usual attacks. The XSS corpus of the browser
 * tests (tests/e2e/fixtures/xss-corpus.ts) goes further, one vector at a time.
 */

/** The rendering rules of spec §5: line breaks, links, data images, inline HTML, alignment. */
export const RULES_DOCUMENT = [
  "# 标题",
  "第一行",
  "第二行",
  "",
  "[外链](https://example.com) [锚点](#intro) [站内](/console)",
  "",
  "![像素](data:image/png;base64,iVBORw0KGgo=) ![动图](data:image/gif;base64,R0lGODlh)",
  "",
  "<u>下划线</u> <mark>标记</mark> x<sup>2</sup> H<sub>2</sub>O ~~删除~~",
  "",
  '<p align="center">居中</p>',
].join("\n");

/** Scripts, javascript: and data: links, event handlers, frames and styles, among harmless lines. */
export const MALICIOUS_DOCUMENT = [
  "# 标题",
  "",
  "<script>alert('x')</script>",
  "",
  '[点我](javascript:alert(1)) [大写](JaVaScRiPt:alert(2)) <a href="java&#x09;script:alert(3)">实体</a>',
  "",
  '<img src="x" onerror="alert(4)">',
  "",
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCg1KTwvc2NyaXB0Pg==">data 链接</a>',
  "",
  "[vb](vbscript:msgbox(6)) [file](file:///etc/passwd)",
  "",
  '<iframe src="https://evil.example"></iframe>',
  '<div onclick="alert(7)" style="color:red">点击</div>',
  "",
  "![像素](data:image/png;base64,iVBORw0KGgo=)",
  "",
  "[外链](https://example.com) [锚点](#intro)",
  "第一行",
  "第二行",
].join("\n");
