import {
  bytesToGbText,
  gbTextToBytes,
  MODEL_FAMILY_LABELS,
  type ContentKindName,
} from "../../platform/rules/content-desk";

/**
 * The desk's form for each kind of public content (issue 35 §2): which fields,
 * in what order, with what control. The names are the platform's field names
 * (platform/modules/content/kinds/), so a refusal lands beside its field; the
 * one exception is a dataset's size, typed in GB (`sizeGb`) and sent as bytes.
 */
export type ContentControl =
  | { type: "text"; maxLength: number }
  | { type: "number"; max: number }
  | { type: "gb" }
  | { type: "summary" }
  | { type: "markdown" }
  /** Options from the page's loader (`sections`, `images`) or fixed ones. */
  | { type: "select"; options: "sections" | "images" | { value: string; label: string }[]; empty: string };

export interface ContentFieldSpec {
  name: string;
  label: string;
  control: ContentControl;
  hint?: string;
}

const summary: ContentFieldSpec = { name: "summary", label: "摘要", control: { type: "summary" } };
const position: ContentFieldSpec = {
  name: "position",
  label: "排序",
  control: { type: "number", max: 9999 },
  hint: "0-9999，小的在前",
};
const body: ContentFieldSpec = { name: "body", label: "正文（Markdown）", control: { type: "markdown" } };
const text = (name: string, label: string, maxLength: number, hint?: string): ContentFieldSpec => ({
  name,
  label,
  control: { type: "text", maxLength },
  hint,
});

export const CONTENT_FORM_FIELDS: Record<ContentKindName, ContentFieldSpec[]> = {
  doc: [
    text("title", "标题", 100),
    summary,
    {
      name: "parentId",
      label: "所属栏目",
      control: { type: "select", options: "sections", empty: "无（作为一级栏目）" },
    },
    position,
    body,
  ],
  dataset: [
    text("name", "名称", 60),
    text("task", "任务类型", 20, "如 图像分类、目标检测、语音识别"),
    { name: "sizeGb", label: "大小（GB）", control: { type: "gb" }, hint: "1 GB = 10⁹ 字节，可带小数，如 150 或 0.17" },
    { name: "fileCount", label: "文件数", control: { type: "number", max: 1e9 } },
    text("licence", "许可证", 60),
    text("sourceUrl", "来源网址", 300),
    text("mountPath", "实例内路径", 200, "如 /root/gpu-pub/cifar-10"),
    summary,
    position,
    body,
  ],
  software: [text("name", "名称", 60), summary, position, body],
  model: [
    text("name", "名称", 80),
    {
      name: "family",
      label: "类别",
      control: {
        type: "select",
        options: Object.entries(MODEL_FAMILY_LABELS).map(([value, label]) => ({ value, label })),
        empty: "请选择类别",
      },
    },
    text("publisher", "发布方", 40),
    text("parameters", "参数量", 20, "如 7B、72B"),
    { name: "gpuMemoryGb", label: "所需显存（GB）", control: { type: "number", max: 2048 } },
    { name: "imageId", label: "镜像", control: { type: "select", options: "images", empty: "请选择官方镜像" } },
    text("licence", "许可证", 60),
    summary,
    position,
    body,
  ],
};

/** The platform field a form field stands for, where they differ (its refusals show beside the form field). */
export const CONTENT_FIELD_ALIASES: Record<string, string> = Object.fromEntries([
  ...Object.values(CONTENT_FORM_FIELDS)
    .flat()
    .map((f) => [f.name, f.name]),
  ["sizeBytes", "sizeGb"],
  ["basedOn", "based_on"],
]);

/** A saved revision's fields as the form's text values (sizes in GB). */
export function formValuesOf(
  kind: ContentKindName,
  fields: Record<string, string | number | null>,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const spec of CONTENT_FORM_FIELDS[kind]) {
    if (spec.control.type === "gb") {
      const bytes = fields.sizeBytes;
      values[spec.name] = typeof bytes === "number" ? bytesToGbText(bytes) : "";
    } else
      values[spec.name] =
        fields[spec.name] === null || fields[spec.name] === undefined ? "" : String(fields[spec.name]);
  }
  return values;
}

/** The message beside a size that is not a GB figure. */
export const GB_FIELD_ERROR = "大小请填写 GB 数（最多 9 位小数），如 150 或 0.17";

/**
 * A posted form's fields as the platform takes them: each of the kind's
 * fields as typed, a size in GB as bytes. Null when the size is not a GB
 * figure (the page shows GB_FIELD_ERROR beside it).
 */
export function platformFieldsOf(
  kind: ContentKindName,
  form: Record<string, unknown>,
): Record<string, string | number> | null {
  const fields: Record<string, string | number> = {};
  for (const spec of CONTENT_FORM_FIELDS[kind]) {
    const value = typeof form[spec.name] === "string" ? (form[spec.name] as string) : "";
    if (spec.control.type === "gb") {
      const bytes = gbTextToBytes(value);
      if (bytes === null) return null;
      fields.sizeBytes = bytes;
    } else fields[spec.name] = value;
  }
  return fields;
}
