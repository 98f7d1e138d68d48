import MarkdownPreview from "@uiw/react-markdown-preview/nohighlight";
import { renderToStaticMarkup } from "react-dom/server";
import { bench, describe } from "vitest";
import { markdownHtml } from "./markdown-html.server";
import { markdownPreviewOptions } from "./markdown-render";
import { safeMarkdownUrl } from "./markdown-url";
import { renderMarkdown } from "./markdown.server";

/*
 * Decision 041: what a 50-message work-order thread costs to render: through
 * <MarkdownPreview> per message (before), through the one frozen pipeline (a
 * thread's first view now), and through renderMarkdown once it has seen the
 * messages (every later view). `npx vitest bench --run --project app app/utils/markdown-html.server.bench.tsx`;
 * each iteration renders the whole thread, so the mean is milliseconds per thread.
 */

/** bench/work-order-thread.ts's thread: its body, then 49 comments. */
const paragraph = "实例运行训练任务时显存占用异常，`nvidia-smi` 显示 **24 GB** 全部占满，重启后仍然如此。";
const benchThread = [
  `${paragraph}\n\n1. 第一步\n2. 第二步`,
  ...Array.from({ length: 49 }, (_, i) => `第 ${i + 2} 条：${paragraph}`),
];

/** Longer messages like the seeded demo orders and documents: lists, code, a table, links. */
const demoMessages = [
  "今天上午 10:20 用微信扫码充值了 **200 元**，微信已经扣款，但控制台余额没有变化。\n\n- 支付方式：微信支付\n- 充值记录里订单状态显示「待支付」\n\n麻烦帮忙查一下，谢谢！",
  "您好，已查到这笔微信支付，是支付渠道的回调延迟导致未及时入账。\n\n我们已经为您 **补单**，200 元将在 10 分钟内到账，请稍后刷新「费用中心」查看。给您带来不便，非常抱歉。",
  "# 磁盘已满\n\n先找出占用最多的目录：\n\n```bash\ndf -h\ndu -sh /root/* 2>/dev/null | sort -rh | head -20\n```\n\n| 位置 | 清理方式 |\n| --- | --- |\n| `~/.cache/pip` | `pip cache purge` |\n| `~/miniconda3/pkgs` | `conda clean -a -y` |",
  "- 请使用实例详情页给出的 **登录指令**，端口不是 22。\n- `Connection refused`：实例可能尚未开机完成。\n\n截图：![截图](/work-order-files/12) [日志](/work-order-files/13)",
  "收到了，谢谢！",
];
const demoThread = Array.from({ length: 50 }, (_, i) => demoMessages[i % demoMessages.length]!);

const viaComponent = (source: string) =>
  renderToStaticMarkup(<MarkdownPreview source={source} {...markdownPreviewOptions} />);

for (const [name, thread] of [
  ["bench/work-order-thread.ts's 50 messages", benchThread],
  ["50 demo-like messages", demoThread],
] as const) {
  describe(name, () => {
    bench("<MarkdownPreview> per message (before)", () => {
      for (const message of thread) viaComponent(message);
    });
    bench("one frozen pipeline (after, first view)", () => {
      for (const message of thread) markdownHtml(message, safeMarkdownUrl);
    });
    bench("renderMarkdown, texts seen before (after, later views)", () => {
      for (const message of thread) renderMarkdown(message);
    });
  });
}
