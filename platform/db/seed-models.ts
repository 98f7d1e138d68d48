import { eq, inArray } from "drizzle-orm";
import type { Db } from "./client";
import { aiModels } from "./content-schema";
import { images } from "./market-schema";
import { modelKind } from "../modules/content/kinds";
import type { ModelFields } from "../modules/content/kinds/model";
import { seedPublishedContent } from "../modules/content/lifecycle";
import { contentSeedContext } from "./seed-content-context";

/*
 * The AI model library of a fresh installation (issue 35 §1): the official
 * images that serve the models (vLLM for language and vision-language models,
 * ComfyUI for image generation, FunASR for speech), and the models themselves,
 * published through the content lifecycle so search finds them. Figures are
 * the publishers' own (parameters, licences); the GPU memory is what one
 * instance needs to serve the model in its image at a useful context length.
 * Idempotent: an image is keyed by its code, a model by its slug; nothing an
 * editor changed later is touched.
 */

export const MODEL_IMAGES = [
  {
    code: "vllm-0.6.3-cuda12.1",
    framework: "vLLM",
    version: "0.6.3.post1",
    cudaVersion: "12.1",
    pythonVersion: "3.10",
  },
  {
    code: "comfyui-0.3.10-cuda12.4",
    framework: "ComfyUI",
    version: "0.3.10",
    cudaVersion: "12.4",
    pythonVersion: "3.12",
  },
  { code: "funasr-1.1.6-cuda12.1", framework: "FunASR", version: "1.1.6", cudaVersion: "12.1", pythonVersion: "3.10" },
] as const;

type ImageCode = (typeof MODEL_IMAGES)[number]["code"];

/** After the market's own images (seed-market.ts numbers them from 1). */
const IMAGE_SORT_FROM = 100;

const vllmBody = (repo: string, name: string, tp: string, extra = "") =>
  [
    `## 在实例中运行`,
    ``,
    `镜像已装好 vLLM 0.6.3 与 ModelScope 命令行。先把权重下载到数据盘（国内网络直连 ModelScope）：`,
    ``,
    "```bash",
    `modelscope download --model ${repo} --local_dir /root/models/${name}`,
    "```",
    ``,
    `再启动与 OpenAI 接口兼容的服务${tp}：`,
    ``,
    "```bash",
    `vllm serve /root/models/${name} --served-model-name ${name} --host 0.0.0.0 --port 8000${extra}`,
    "```",
    ``,
    `服务起来后，在实例里用 \`curl http://127.0.0.1:8000/v1/models\` 检查；在本地通过 SSH 隧道访问：`,
    ``,
    "```bash",
    `ssh -CNg -L 8000:127.0.0.1:8000 root@<实例 SSH 地址> -p <端口>`,
    "```",
  ].join("\n");

interface SeedModel {
  slug: string;
  image: ImageCode;
  fields: Omit<ModelFields, "imageId" | "position">;
}

export const SEED_MODELS: SeedModel[] = [
  {
    slug: "qwen2-5-7b-instruct",
    image: "vllm-0.6.3-cuda12.1",
    fields: {
      name: "Qwen2.5-7B-Instruct",
      family: "llm",
      publisher: "阿里云通义千问",
      parameters: "7.61B",
      gpuMemoryGb: 24,
      licence: "Apache-2.0",
      summary: "通义千问 2.5 的 70 亿参数指令模型，中英文对话、代码与数学能力均衡，单张 24 GB 显卡即可部署。",
      body: [
        `Qwen2.5-7B-Instruct 是通义千问团队 2024 年 9 月发布的指令微调模型，支持 29 种以上语言，默认上下文 32K，`,
        `可经 YaRN 扩展到 128K。BF16 权重约 15 GB，剩余显存留给 KV 缓存。`,
        ``,
        vllmBody("Qwen/Qwen2.5-7B-Instruct", "Qwen2.5-7B-Instruct", "", " --max-model-len 16384"),
      ].join("\n"),
    },
  },
  {
    slug: "qwen2-5-72b-instruct-awq",
    image: "vllm-0.6.3-cuda12.1",
    fields: {
      name: "Qwen2.5-72B-Instruct-AWQ",
      family: "llm",
      publisher: "阿里云通义千问",
      parameters: "72.7B",
      gpuMemoryGb: 80,
      licence: "Qwen License",
      summary: "通义千问 2.5 旗舰指令模型的 AWQ 4 位量化版，权重约 41 GB，一张 80 GB 显卡或四张 24 GB 显卡可部署。",
      body: [
        `Qwen2.5-72B-Instruct-AWQ 是 Qwen2.5-72B-Instruct 的官方 AWQ 4 位量化版本，效果接近原版，显存约为 BF16 的三分之一。`,
        `许可证为通义千问许可协议（Qwen License），商用请阅读协议中的用户规模条款。`,
        ``,
        vllmBody(
          "Qwen/Qwen2.5-72B-Instruct-AWQ",
          "Qwen2.5-72B-Instruct-AWQ",
          "（多卡时用张量并行，卡数填实例的 GPU 数）",
          " --quantization awq --tensor-parallel-size 4 --max-model-len 8192",
        ),
      ].join("\n"),
    },
  },
  {
    slug: "deepseek-r1-distill-qwen-32b",
    image: "vllm-0.6.3-cuda12.1",
    fields: {
      name: "DeepSeek-R1-Distill-Qwen-32B",
      family: "llm",
      publisher: "深度求索 DeepSeek",
      parameters: "32.8B",
      gpuMemoryGb: 80,
      licence: "MIT",
      summary: "用 DeepSeek-R1 的推理数据蒸馏到 Qwen2.5-32B 的推理模型，数学与代码推理突出，BF16 权重约 66 GB。",
      body: [
        `DeepSeek-R1-Distill-Qwen-32B 由深度求索于 2025 年 1 月发布，以 Qwen2.5-32B 为基座，用 DeepSeek-R1 生成的推理样本微调。`,
        `官方建议温度 0.5–0.7（推荐 0.6），不使用系统提示词，把指令都写在用户消息里。`,
        ``,
        vllmBody(
          "deepseek-ai/DeepSeek-R1-Distill-Qwen-32B",
          "DeepSeek-R1-Distill-Qwen-32B",
          "（多卡时用张量并行，卡数填实例的 GPU 数）",
          " --tensor-parallel-size 4 --max-model-len 32768 --enforce-eager",
        ),
      ].join("\n"),
    },
  },
  {
    slug: "llama-3-1-8b-instruct",
    image: "vllm-0.6.3-cuda12.1",
    fields: {
      name: "Llama-3.1-8B-Instruct",
      family: "llm",
      publisher: "Meta",
      parameters: "8.03B",
      gpuMemoryGb: 24,
      licence: "Llama 3.1 Community License",
      summary: "Meta Llama 3.1 的 80 亿参数指令模型，上下文 128K，英文与代码见长，单张 24 GB 显卡可部署。",
      body: [
        `Llama-3.1-8B-Instruct 由 Meta 于 2024 年 7 月发布，支持 8 种语言与工具调用，上下文长度 128K。`,
        `使用须遵守 Llama 3.1 社区许可协议（月活超过 7 亿的产品需另行向 Meta 申请）。`,
        ``,
        vllmBody("LLM-Research/Meta-Llama-3.1-8B-Instruct", "Llama-3.1-8B-Instruct", "", " --max-model-len 16384"),
      ].join("\n"),
    },
  },
  {
    slug: "qwen2-vl-7b-instruct",
    image: "vllm-0.6.3-cuda12.1",
    fields: {
      name: "Qwen2-VL-7B-Instruct",
      family: "multimodal",
      publisher: "阿里云通义千问",
      parameters: "8.29B",
      gpuMemoryGb: 24,
      licence: "Apache-2.0",
      summary: "通义千问视觉语言模型，能看图、读文档与表格、理解长视频，支持任意分辨率输入。",
      body: [
        `Qwen2-VL-7B-Instruct 于 2024 年 8 月发布，图像按原始分辨率切成视觉 token，擅长中文文档、票据与图表问答。`,
        ``,
        vllmBody(
          "Qwen/Qwen2-VL-7B-Instruct",
          "Qwen2-VL-7B-Instruct",
          "",
          " --max-model-len 8192 --limit-mm-per-prompt image=4",
        ),
      ].join("\n"),
    },
  },
  {
    slug: "stable-diffusion-xl-base-1-0",
    image: "comfyui-0.3.10-cuda12.4",
    fields: {
      name: "Stable Diffusion XL 1.0",
      family: "diffusion",
      publisher: "Stability AI",
      parameters: "3.5B",
      gpuMemoryGb: 12,
      licence: "CreativeML Open RAIL++-M",
      summary: "SDXL 基础模型，原生 1024×1024 出图，社区 LoRA 与 ControlNet 生态最丰富的文生图模型之一。",
      body: [
        `Stable Diffusion XL base 1.0 由 Stability AI 于 2023 年 7 月发布，基础模型 35 亿参数，可再接 66 亿参数的精修（refiner）流程。`,
        ``,
        `## 在实例中运行`,
        ``,
        `镜像已装好 ComfyUI 0.3.10（PyTorch 2.5.1，CUDA 12.4）。把模型放进 ComfyUI 的模型目录：`,
        ``,
        "```bash",
        `modelscope download --model AI-ModelScope/stable-diffusion-xl-base-1.0 sd_xl_base_1.0.safetensors --local_dir /root/ComfyUI/models/checkpoints`,
        `cd /root/ComfyUI && python main.py --listen 0.0.0.0 --port 8188`,
        "```",
        ``,
        `在本地建立 SSH 隧道后用浏览器打开 http://127.0.0.1:8188 ，加载默认工作流，选择 sd_xl_base_1.0 即可出图：`,
        ``,
        "```bash",
        `ssh -CNg -L 8188:127.0.0.1:8188 root@<实例 SSH 地址> -p <端口>`,
        "```",
      ].join("\n"),
    },
  },
  {
    slug: "flux-1-schnell",
    image: "comfyui-0.3.10-cuda12.4",
    fields: {
      name: "FLUX.1 [schnell]",
      family: "diffusion",
      publisher: "Black Forest Labs",
      parameters: "12B",
      gpuMemoryGb: 24,
      licence: "Apache-2.0",
      summary: "120 亿参数的整流流 Transformer 文生图模型，1–4 步出图，可商用。",
      body: [
        `FLUX.1 [schnell] 由 Black Forest Labs 于 2024 年 8 月发布，经时间步蒸馏，1 到 4 步即可生成高质量图像，Apache-2.0 许可可商用。`,
        `24 GB 显卡上请使用 FP8 权重（flux1-schnell-fp8），文本编码器 T5 也用 FP8 版本。`,
        ``,
        `## 在实例中运行`,
        ``,
        "```bash",
        `modelscope download --model black-forest-labs/FLUX.1-schnell flux1-schnell.safetensors --local_dir /root/ComfyUI/models/unet`,
        `cd /root/ComfyUI && python main.py --listen 0.0.0.0 --port 8188`,
        "```",
        ``,
        `在 ComfyUI 中打开 FLUX schnell 示例工作流，采样步数设为 4、CFG 设为 1。`,
      ].join("\n"),
    },
  },
  {
    slug: "whisper-large-v3",
    image: "funasr-1.1.6-cuda12.1",
    fields: {
      name: "Whisper large-v3",
      family: "speech",
      publisher: "OpenAI",
      parameters: "1.55B",
      gpuMemoryGb: 10,
      licence: "MIT",
      summary: "OpenAI 的多语种语音识别与翻译模型，支持约 100 种语言，中文识别可输出时间戳。",
      body: [
        `Whisper large-v3 于 2023 年 11 月发布，用 128 个梅尔频带与 500 万小时弱标注数据训练，比 large-v2 错误率降低 10%–20%。`,
        ``,
        `## 在实例中运行`,
        ``,
        `镜像已装好 FunASR 1.1.6，模型会在第一次使用时从 ModelScope 下载：`,
        ``,
        "```python",
        `from funasr import AutoModel`,
        ``,
        `model = AutoModel(model="iic/Whisper-large-v3", vad_model="fsmn-vad")`,
        `result = model.generate(input="/root/audio/meeting.wav", language="zh")`,
        `print(result[0]["text"])`,
        "```",
      ].join("\n"),
    },
  },
  {
    slug: "sensevoice-small",
    image: "funasr-1.1.6-cuda12.1",
    fields: {
      name: "SenseVoice Small",
      family: "speech",
      publisher: "阿里巴巴通义实验室",
      parameters: "234M",
      gpuMemoryGb: 4,
      licence: "FunASR Model License",
      summary: "非自回归的多语种语音理解模型：语音识别、语种识别、情感与声音事件检测，10 秒音频推理约 70 毫秒。",
      body: [
        `SenseVoice Small 由通义实验室 FunAudioLLM 团队于 2024 年 7 月开源，中文、粤语、英语、日语、韩语识别效果优于 Whisper，`,
        `同时输出情感（高兴、悲伤、生气…）与事件（掌声、笑声、咳嗽…）标签。`,
        ``,
        `## 在实例中运行`,
        ``,
        "```python",
        `from funasr import AutoModel`,
        `from funasr.utils.postprocess_utils import rich_transcription_postprocess`,
        ``,
        `model = AutoModel(model="iic/SenseVoiceSmall", vad_model="fsmn-vad", device="cuda:0")`,
        `result = model.generate(input="/root/audio/call.wav", language="auto", use_itn=True)`,
        `print(rich_transcription_postprocess(result[0]["text"]))`,
        "```",
      ].join("\n"),
    },
  },
];

/** Idempotent: adds the images and the models that are missing, and changes none that exist. */
export async function seedModels(db: Db): Promise<void> {
  const ctx = contentSeedContext(db);
  await db
    .insert(images)
    .values(MODEL_IMAGES.map((image, i) => ({ ...image, sortOrder: IMAGE_SORT_FROM + i })))
    .onConflictDoNothing();
  const imageIds = new Map(
    (
      await db
        .select({ id: images.id, code: images.code })
        .from(images)
        .where(
          inArray(
            images.code,
            MODEL_IMAGES.map((i) => i.code),
          ),
        )
    ).map((i) => [i.code, i.id]),
  );
  for (const [position, model] of SEED_MODELS.entries()) {
    const [existing] = await db.select({ id: aiModels.id }).from(aiModels).where(eq(aiModels.slug, model.slug));
    if (existing) continue;
    const imageId = imageIds.get(model.image);
    if (imageId === undefined) throw new Error(`seed image ${model.image} is missing`);
    await seedPublishedContent(ctx, modelKind, {
      slug: model.slug,
      fields: { ...model.fields, imageId, position: (position + 1) * 10 },
    });
  }
}
