/**
 * A fixed set of documents for the search tests (issue 35 §3): docs, a model,
 * a dataset, a software tool and a work-order help page, in Chinese with the
 * English words renters type. Indexed through indexSearchDocument, like the
 * lifecycle does on publish. Source ids are far from anything a seed makes.
 */
import type { SearchDocument } from "../../platform/modules/search/index-entries";

const at = (sourceId: number) => sourceId + 9_000_000;

export const SEARCH_FIXTURES = {
  gpuMemory: {
    source: "doc",
    sourceId: at(1),
    title: "GPU 显存与型号选择",
    href: "/docs/fixture-gpu-memory",
    plainText: [
      "选择 GPU 时先看模型需要多少显存。",
      "RTX 4090 有 24 GB 显存，适合 7B 到 13B 模型的推理和微调；A100 有 80 GB 显存，适合大模型训练。",
      "实例里运行 nvidia-smi 可以查看显存占用。",
    ].join("\n"),
  },
  dataDisk: {
    source: "doc",
    sourceId: at(2),
    title: "数据盘与系统盘",
    href: "/docs/fixture-data-disk",
    plainText: [
      "每台实例有一块系统盘和一块数据盘。",
      "系统盘保存操作系统和您安装的环境；数据盘挂载在 /root/data，适合存放数据集和模型权重。",
      "实例关机后数据盘保留，释放实例时数据盘随实例一起删除，请提前备份。",
    ].join("\n"),
  },
  ssh: {
    source: "doc",
    sourceId: at(3),
    title: "通过 SSH 连接实例",
    href: "/docs/fixture-ssh",
    plainText: [
      "实例运行后，在控制台的实例列表复制登录指令和密码。",
      "在终端执行 ssh -p 端口 root@地址 即可连接，Windows 用户可以使用 PowerShell。",
    ].join("\n"),
  },
  jupyter: {
    source: "doc",
    sourceId: at(4),
    title: "使用 JupyterLab",
    href: "/docs/fixture-jupyterlab",
    plainText: [
      "实例启动后，在控制台点击 JupyterLab 即可在浏览器中打开开发环境。",
      "无需 SSH 连接，也可以在其中打开终端。",
    ].join("\n"),
  },
  topUp: {
    source: "doc",
    sourceId: at(5),
    title: "充值与余额",
    href: "/docs/fixture-top-up",
    plainText: [
      "在控制台的费用中心选择充值金额，使用微信支付或支付宝扫码付款。",
      "付款成功后余额立即可用，可以用来租用实例。",
    ].join("\n"),
  },
  qwen: {
    source: "model",
    sourceId: at(6),
    title: "Qwen2.5-7B-Instruct",
    href: "/AIModels/fixture-qwen2-5-7b",
    plainText: "通义千问 7B 指令模型。半精度推理约需 16 GB 显存，1 × RTX 4090 即可运行。",
  },
  imagenet: {
    source: "dataset",
    sourceId: at(7),
    title: "ImageNet-1k",
    href: "/dataset/fixture-imagenet",
    plainText: "图像分类数据集，1000 个类别，约 128 万张训练图片。实例中的挂载路径为 /datasets/imagenet-1k。",
  },
  sshHelper: {
    source: "software",
    sourceId: at(8),
    title: "SSH 连接助手",
    href: "/software#fixture-ssh-helper",
    plainText: "把实例的登录指令写进 ~/.ssh/config，之后一条 ssh 命令就能连接。支持 Windows、macOS 和 Linux。",
  },
  notArrived: {
    source: "work_order_doc",
    sourceId: at(9),
    title: "充值未到账怎么办",
    href: "/console/createWorkOrder/selectQuestion?question=1",
    plainText: "付款成功后通常 1 分钟内到账。超过 10 分钟仍未到账，请在费用中心查看充值记录，并提交工单附上付款截图。",
  },
} satisfies Record<string, SearchDocument>;

export type SearchFixtureName = keyof typeof SEARCH_FIXTURES;

/** The fixture's name for a result's href, so a table can say which documents came back. */
export const fixtureNameOf = (href: string): string =>
  Object.entries(SEARCH_FIXTURES).find(([, doc]) => doc.href === href)?.[0] ?? href;
