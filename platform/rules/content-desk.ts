/**
 * The desk's words and conversions for public content (issue 35 §2), shared by
 * the platform and the desk's pages: who edits it, what its states and kinds
 * are called, and a dataset's size typed in GB (decimal) as bytes.
 */

/** Editors write the public content, and admins may (platform/modules/staff/caller.ts `isEditor`). */
export function canEditContent(role: string): boolean {
  return role === "editor" || role === "admin";
}

export const CONTENT_KIND_LABELS = { doc: "文档", dataset: "数据集", software: "软件", model: "模型" } as const;
export type ContentKindName = keyof typeof CONTENT_KIND_LABELS;
export const CONTENT_KIND_ORDER: readonly ContentKindName[] = ["doc", "dataset", "software", "model"];

export function isContentKindName(value: unknown): value is ContentKindName {
  return typeof value === "string" && Object.hasOwn(CONTENT_KIND_LABELS, value);
}

/** The status as its badge says it. */
export const CONTENT_STATUS_LABELS = { draft: "草稿", published: "已发布", unpublished: "已下线" } as const;

export const MODEL_FAMILY_LABELS = {
  llm: "大语言模型",
  diffusion: "图像生成",
  speech: "语音",
  vision: "视觉",
  multimodal: "多模态",
} as const;

/** 1 GB is 10^9 bytes, as storage is sold; up to nine decimals, so any byte count can be typed back. */
const GB_TEXT = /^(\d{1,6})(?:\.(\d{1,9}))?$/;
const BYTES_PER_GB = 1_000_000_000;

/** "150" → 150000000000, "0.170498071" → 170498071; null when it is not a GB figure (under 1,000,000 GB: exact as a JavaScript number). */
export function gbTextToBytes(text: string): number | null {
  const match = GB_TEXT.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(9, "0"));
  return whole * BYTES_PER_GB + fraction;
}

/** The exact GB figure of a byte count, without trailing zeros: 170498071 → "0.170498071", 15e10 → "150". */
export function bytesToGbText(bytes: number): string {
  const whole = Math.floor(bytes / BYTES_PER_GB);
  const fraction = String(bytes % BYTES_PER_GB)
    .padStart(9, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}
