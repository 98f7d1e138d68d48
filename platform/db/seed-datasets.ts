import { inArray } from "drizzle-orm";
import { datasetKind } from "../modules/content/kinds";
import { DATASET_MOUNT_ROOT, type DatasetFields } from "../modules/content/kinds/dataset";
import { seedPublishedContent } from "../modules/content/lifecycle";
import type { Db } from "./client";
import { datasets } from "./content-schema";
import { contentSeedContext } from "./seed-content-context";

const mount = (name: string) => `${DATASET_MOUNT_ROOT}${name}`;

/**
 * The public datasets of a fresh installation (issue 35 §1): real datasets
 * with their publishers' figures, licences and pages, mounted read-only
 * under DATASET_MOUNT_ROOT in every instance. A size is the exact byte
 * count of the official archives (each body names them), a file count what
 * the body says it counts; a figure that is only approximate (hours,
 * records) says 约 in the text.
 */
export const SEED_DATASETS: { slug: string; fields: DatasetFields }[] = [
  {
    slug: "imagenet-1k",
    fields: {
      name: "ImageNet-1k (ILSVRC 2012)",
      task: "图像分类",
      sizeBytes: 154_642_401_280,
      fileCount: 1_331_167,
      licence: "ImageNet 非商业研究使用条款",
      sourceUrl: "https://image-net.org/download.php",
      mountPath: mount("ImageNet-1k"),
      summary: "1000 类、128 万张训练图片和 5 万张验证图片，图像分类的标准基准。",
      position: 10,
      body: `ImageNet 大规模视觉识别挑战赛 2012（ILSVRC 2012）的分类数据：1000 个类别，训练集 1,281,167 张、验证集 50,000 张 JPEG 图片，已从官方压缩包解开。

大小为官方 ILSVRC2012_img_train.tar 与 ILSVRC2012_img_val.tar 两个压缩包之和（154,642,401,280 字节），文件数为两者的图片数之和（1,331,167 张）。

## 目录结构

\`\`\`text
ImageNet-1k/
├── train/          # 1000 个子目录（n01440764 …），每类 732–1300 张
└── val/            # 50,000 张，已按类别分到 1000 个子目录
\`\`\`

## 使用方法

\`\`\`python
from torchvision import datasets, transforms

tf = transforms.Compose([transforms.RandomResizedCrop(224), transforms.ToTensor()])
train = datasets.ImageFolder("${mount("ImageNet-1k")}/train", transform=tf)
\`\`\`

数据目录只读，所有实例共享。大量小文件的随机读取较慢，反复训练时建议先把需要的部分复制到实例自己的数据盘，或用 DALI、WebDataset 等工具打包后再读。

## 许可

仅限非商业的研究和教学使用，使用前请阅读并遵守 ImageNet 的使用条款；论文中请引用 Russakovsky et al., *ImageNet Large Scale Visual Recognition Challenge*, IJCV 2015。`,
    },
  },
  {
    slug: "coco-2017",
    fields: {
      name: "COCO 2017",
      task: "目标检测",
      sizeBytes: 20_405_354_669,
      fileCount: 123_293,
      licence: "标注 CC BY 4.0；图片遵循 Flickr 使用条款",
      sourceUrl: "https://cocodataset.org/#download",
      mountPath: mount("COCO2017"),
      summary: "80 类目标检测、实例分割和关键点标注，训练集 118,287 张、验证集 5,000 张。",
      position: 20,
      body: `Microsoft COCO 2017：目标检测、实例分割、人体关键点和图像描述的标准数据集。

大小为官方 train2017.zip、val2017.zip 和 annotations_trainval2017.zip 三个压缩包之和（20,405,354,669 字节）；共 123,293 个文件：训练图片 118,287 张、验证图片 5,000 张和 6 个标注 JSON。

## 目录结构

\`\`\`text
COCO2017/
├── train2017/      # 118,287 张 JPEG
├── val2017/        # 5,000 张 JPEG
└── annotations/    # instances、person_keypoints、captions 各有 train2017 与 val2017 两个 JSON
\`\`\`

## 使用方法

\`\`\`bash
pip install pycocotools
python -c "from pycocotools.coco import COCO; c = COCO('${mount("COCO2017")}/annotations/instances_val2017.json'); print(len(c.getImgIds()))"
\`\`\`

在 MMDetection、Detectron2、Ultralytics 的配置里把数据根目录改为 \`${mount("COCO2017")}\` 即可，无需下载。

## 许可

标注以 CC BY 4.0 发布；图片来自 Flickr，版权归各自作者，使用须遵守 Flickr 的条款。`,
    },
  },
  {
    slug: "cifar-10",
    fields: {
      name: "CIFAR-10",
      task: "图像分类",
      sizeBytes: 170_498_071,
      fileCount: 8,
      licence: "未声明许可，研究使用请引用原论文",
      sourceUrl: "https://www.cs.toronto.edu/~kriz/cifar.html",
      mountPath: mount("CIFAR-10"),
      summary: "10 类 32×32 彩色图片共 60,000 张（训练 50,000、测试 10,000），适合入门和快速实验。",
      position: 30,
      body: `CIFAR-10 的 Python 版本（官方 cifar-10-python.tar.gz，170,498,071 字节）：5 个训练批次（data_batch_1 … data_batch_5）和 1 个测试批次（test_batch），每批 10,000 张 32×32 彩色图片；连同 batches.meta 和 readme.html 共 8 个文件。

## 使用方法

\`\`\`python
from torchvision import datasets

train = datasets.CIFAR10(root="${mount("CIFAR-10")}", train=True, download=False)
print(len(train))  # 50000
\`\`\`

目录里是 \`cifar-10-batches-py/\`，torchvision 直接识别，不要加 \`download=True\`（目录只读）。

## 许可

作者未声明许可；使用时请引用 Alex Krizhevsky, *Learning Multiple Layers of Features from Tiny Images*, 2009。`,
    },
  },
  {
    slug: "librispeech",
    fields: {
      name: "LibriSpeech ASR",
      task: "语音识别",
      sizeBytes: 61_357_943_031,
      fileCount: 292_367,
      licence: "CC BY 4.0",
      sourceUrl: "https://www.openslr.org/12",
      mountPath: mount("LibriSpeech"),
      summary: "约 1000 小时 16 kHz 英文朗读语音及转写，英文语音识别的标准基准。",
      position: 40,
      body: `LibriSpeech 来自 LibriVox 有声书，约 1000 小时 16 kHz 英文朗读语音，全部 7 个子集：train-clean-100、train-clean-360、train-other-500、dev-clean、dev-other、test-clean、test-other。大小为这 7 个官方 .tar.gz 压缩包之和（61,357,943,031 字节）。

## 目录结构

\`\`\`text
LibriSpeech/
└── train-clean-100/<说话人>/<章节>/<说话人>-<章节>-<序号>.flac
                                   <说话人>-<章节>.trans.txt   # 本章的转写文本
\`\`\`

文件数为 FLAC 音频的条数（292,367 条），每章另有一个转写文本。

## 使用方法

\`\`\`python
import torchaudio

ds = torchaudio.datasets.LIBRISPEECH("${DATASET_MOUNT_ROOT}", url="test-clean", folder_in_archive="LibriSpeech", download=False)
waveform, sample_rate, transcript, *_ = ds[0]
\`\`\`

## 许可

CC BY 4.0：可商用，须署名 Panayotov et al., *Librispeech: an ASR corpus based on public domain audio books*, ICASSP 2015。`,
    },
  },
  {
    slug: "aishell-1",
    fields: {
      name: "AISHELL-1 中文普通话语音",
      task: "语音识别",
      sizeBytes: 15_582_913_665,
      fileCount: 141_600,
      licence: "Apache-2.0",
      sourceUrl: "https://www.openslr.org/33/",
      mountPath: mount("AISHELL-1"),
      summary: "OpenSLR 33：178 小时、400 位说话人的中文普通话朗读语音和转写，中文语音识别常用基准。",
      position: 50,
      body: `AISHELL-1（OpenSLR 33）由北京希尔贝壳科技开源：400 位说话人、178 小时 16 kHz 普通话录音，附汉字转写。

大小为官方压缩包 data_aishell.tgz 的字节数（15,582,913,665 字节，约 15.6 GB）；文件数为有转写的录音条数：训练集 120,098 条、开发集 14,326 条、测试集 7,176 条，共 141,600 条。

## 目录结构

与官方压缩包相同（各说话人的 .tar.gz 已解开）：

\`\`\`text
AISHELL-1/
└── data_aishell/
    ├── wav/{train,dev,test}/<说话人>/*.wav
    └── transcript/aishell_transcript_v0.8.txt
\`\`\`

## 使用方法

WeNet、ESPnet、k2/icefall 都有 AISHELL-1 的现成配方，把配方里的数据目录指向 \`${mount("AISHELL-1")}\`（其下是 data_aishell/），从数据准备一步开始、跳过下载即可：

\`\`\`bash
# 以 WeNet 为例：第 -1 步是下载，第 0 步读 $data/data_aishell/wav 和 transcript
cd wenet/examples/aishell/s0
bash run.sh --stage 0 --data ${mount("AISHELL-1")}
\`\`\`

## 许可

Apache-2.0；请引用 Bu et al., *AISHELL-1: An Open-Source Mandarin Speech Corpus and A Speech Recognition Baseline*, O-COCOSDA 2017。`,
    },
  },
  {
    slug: "belle-train-0-5m-cn",
    fields: {
      name: "BELLE train_0.5M_CN 中文指令数据",
      task: "大模型微调",
      sizeBytes: 286_128_292,
      fileCount: 1,
      licence: "GPL-3.0（仅限研究用途）",
      sourceUrl: "https://huggingface.co/datasets/BelleGroup/train_0.5M_CN",
      mountPath: mount("BELLE-0.5M-CN"),
      summary: "约 50 万条中文指令和回答（JSON Lines），用于中文大模型的指令微调（SFT）。",
      position: 60,
      body: `BELLE 项目按 Alpaca 的方法用 ChatGPT 生成的中文指令数据，约 50 万条，一个文件 Belle_open_source_0.5M.json（286,128,292 字节），每行一个 JSON：\`instruction\`、\`input\`（本数据集均为空）、\`output\`。

## 使用方法

\`\`\`python
from datasets import load_dataset

ds = load_dataset("json", data_files="${mount("BELLE-0.5M-CN")}/Belle_open_source_0.5M.json", split="train")
print(ds[0]["instruction"])
\`\`\`

LLaMA-Factory 中在 \`dataset_info.json\` 里登记这个文件（\`"columns": {"prompt": "instruction", "query": "input", "response": "output"}\`）即可用于 SFT。

## 许可

数据由模型生成，未经严格校验，可能有事实错误；按项目声明仅限研究使用，不得用于商业或可能带来危害的用途。`,
    },
  },
];

/** Publishes each seeded dataset whose slug is not taken yet; a second start adds nothing, and editors' changes stay. */
export async function seedDatasets(db: Db): Promise<void> {
  const ctx = contentSeedContext(db);
  const present = await db
    .select({ slug: datasets.slug })
    .from(datasets)
    .where(
      inArray(
        datasets.slug,
        SEED_DATASETS.map((d) => d.slug),
      ),
    );
  const taken = new Set(present.map((row) => row.slug));
  for (const dataset of SEED_DATASETS)
    if (!taken.has(dataset.slug)) await seedPublishedContent(ctx, datasetKind, dataset);
}
