import type { NumberCheck } from "./identity-numbers";

/**
 * A person's name as a resident ID card prints it: 2 to 20 Chinese characters, with the middle dot (·, also typed
 * as • or ．) between the parts of a transliterated name (e.g. 阿卜杜·热合曼). Pure: the verification forms, the
 * platform's checks and the sandbox bank-card provider share it.
 */
const NAME = /^[\u3400-\u4dbf\u4e00-\u9fff]+(·[\u3400-\u4dbf\u4e00-\u9fff]+)*$/;

/** The name as stored: spaces dropped, the dot written one way. */
export const normalizePersonName = (raw: string): string => raw.replace(/\s+/g, "").replace(/[•．.・]/g, "·");

export function checkPersonName(raw: string): NumberCheck<{ name: string }> {
  const name = normalizePersonName(raw);
  if (name.length === 0) return { ok: false, reason: "请输入姓名" };
  if ([...name].length < 2 || [...name].length > 20) return { ok: false, reason: "姓名应为2到20个汉字" };
  if (!NAME.test(name)) return { ok: false, reason: "姓名只能包含汉字和间隔号（·）" };
  return { ok: true, name };
}

/** How pages show a name: its first character, the rest starred (张*, 欧***). */
export const maskPersonName = (name: string): string => {
  const chars = [...name];
  return chars.length === 0 ? "" : chars[0] + "*".repeat(Math.max(1, chars.length - 1));
};
