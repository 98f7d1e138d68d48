import type { NumberCheck } from "./identity-numbers";

/**
 * The documents of the other channel (issue 37 §1 "other channel"): people without a mainland resident ID card
 * apply with one of these, with files and a note, for staff review. Pure: the page's form and the platform share
 * the labels and the checks (decision 100).
 */
export const OTHER_DOCUMENT_LABELS = {
  passport: "护照",
  hk_macao_permit: "港澳居民来往内地通行证",
  taiwan_permit: "台湾居民来往大陆通行证",
  foreign_permanent_residence: "外国人永久居留身份证",
  other: "其他证件",
} as const;
export type OtherDocumentTypeName = keyof typeof OTHER_DOCUMENT_LABELS;

export const isOtherDocumentType = (value: string): value is OtherDocumentTypeName =>
  Object.hasOwn(OTHER_DOCUMENT_LABELS, value);

/**
 * The number's shape per document, after spaces are dropped and letters upper-cased. Loose where the issuers vary
 * (passports of every country, old and new permit formats); staff compare it with the uploaded document anyway.
 */
const SHAPES: Record<OtherDocumentTypeName, { pattern: RegExp; reason: string }> = {
  passport: { pattern: /^[A-Z0-9]{5,17}$/, reason: "护照号码应为5到17位字母或数字" },
  hk_macao_permit: {
    pattern: /^[HM]\d{8}(\d{2})?$/,
    reason: "港澳居民来往内地通行证号码应为H或M开头加8位（或10位）数字",
  },
  taiwan_permit: { pattern: /^\d{8}(\d{2})?$/, reason: "台湾居民来往大陆通行证号码应为8位（或10位）数字" },
  foreign_permanent_residence: {
    pattern: /^([A-Z]{3}\d{12}|9\d{16}[0-9X])$/,
    reason: "外国人永久居留身份证号码应为15位（3位字母加12位数字）或以9开头的18位",
  },
  other: { pattern: /^[A-Z0-9-]{4,30}$/, reason: "证件号码应为4到30位字母、数字或连字符" },
};

export const normalizeDocumentNumber = (raw: string): string => raw.replace(/\s+/g, "").toUpperCase();

export function checkDocumentNumber(type: OtherDocumentTypeName, raw: string): NumberCheck<{ documentNumber: string }> {
  const documentNumber = normalizeDocumentNumber(raw);
  if (documentNumber.length === 0) return { ok: false, reason: "请输入证件号码" };
  const shape = SHAPES[type];
  if (!shape.pattern.test(documentNumber)) return { ok: false, reason: shape.reason };
  return { ok: true, documentNumber };
}

/**
 * A name as the document prints it: 2 to 60 characters of letters of any script, with spaces, the middle dot,
 * hyphens, apostrophes and commas between them (ZHANG San, 陳大文, O'NEIL-SMITH, Anna).
 */
const DOCUMENT_NAME = /^\p{L}[\p{L}\p{M} ·.,'-]*\p{L}\.?$/u;

export function checkDocumentName(raw: string): NumberCheck<{ name: string }> {
  const name = raw.trim().replace(/\s+/g, " ");
  if (name.length === 0) return { ok: false, reason: "请输入证件上的姓名" };
  if ([...name].length < 2 || [...name].length > 60) return { ok: false, reason: "姓名应为2到60个字符" };
  if (!DOCUMENT_NAME.test(name)) return { ok: false, reason: "姓名只能包含文字、空格和间隔号，请按证件填写" };
  return { ok: true, name };
}

/** The note beside the files: what the reviewer should know (at most 500 characters). */
export const OTHER_NOTE_MAX = 500;

/** The files of an other-channel application: at least one, at most five. */
export const OTHER_FILES_MIN = 1;
export const OTHER_FILES_MAX = 5;
