/**
 * The AI model library's families as the pages name them (ai_models.family),
 * in the filter's order. Pure: the web tier renders them.
 */
export const MODEL_FAMILY_LABELS = {
  llm: "大语言模型",
  multimodal: "多模态",
  diffusion: "图像生成",
  speech: "语音",
  vision: "视觉",
} as const;

export type ModelFamilyName = keyof typeof MODEL_FAMILY_LABELS;

/** A family named in a URL, or null when it names none. */
export function parseModelFamily(value: string | null): ModelFamilyName | null {
  return value !== null && Object.hasOwn(MODEL_FAMILY_LABELS, value) ? (value as ModelFamilyName) : null;
}
