/**
 * The anniversary questionnaire (issue 39 §4): a few real questions about how the user uses GPUs. The page renders
 * the options from here and the platform checks the answers against them, so both know the same choices.
 */
export const QUESTIONNAIRE = {
  purpose: {
    label: "您租用 GPU 主要用于什么？",
    options: {
      training: "模型训练",
      inference: "模型推理与部署",
      rendering: "图形渲染",
      research: "科研计算",
      learning: "学习与实验",
    },
  },
  gpu: {
    label: "您最常用的 GPU 型号是？",
    options: {
      rtx4090: "RTX 4090",
      rtx3090: "RTX 3090",
      a100: "A100",
      h100: "H100 / H800",
      other: "其他型号",
    },
  },
  hours: {
    label: "您每月大约使用多少 GPU 小时？",
    options: {
      lt50: "50 小时以内",
      "50to200": "50–200 小时",
      "200to1000": "200–1000 小时",
      gt1000: "1000 小时以上",
    },
  },
  satisfaction: {
    label: "您对平台的整体满意度？",
    options: { "5": "非常满意", "4": "满意", "3": "一般", "2": "不满意", "1": "非常不满意" },
  },
} as const;

export type QuestionId = keyof typeof QUESTIONNAIRE;
export const QUESTION_IDS = Object.keys(QUESTIONNAIRE) as QuestionId[];

/** The free-text suggestion's limit, in characters. */
export const SUGGESTION_MAX = 300;

export type QuestionnaireAnswers = { [Q in QuestionId]: keyof (typeof QUESTIONNAIRE)[Q]["options"] } & {
  suggestion: string;
};

/** The refusal shown beside a question left unanswered or answered with an unknown choice. */
export const pleaseChoose = (id: QuestionId) => `请选择：${QUESTIONNAIRE[id].label}`;

/** Checks raw answers; answers the errors by field (empty when all are good). */
export function questionnaireErrors(raw: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const id of QUESTION_IDS) {
    const value = raw[id];
    if (typeof value !== "string" || !Object.hasOwn(QUESTIONNAIRE[id].options, value)) errors[id] = pleaseChoose(id);
  }
  const suggestion = raw.suggestion ?? "";
  if (typeof suggestion !== "string") errors.suggestion = "建议格式不正确";
  else if ([...suggestion].length > SUGGESTION_MAX) errors.suggestion = `建议最多 ${SUGGESTION_MAX} 个字`;
  return errors;
}
