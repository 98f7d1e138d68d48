/**
 * Custom images (issue 36 §2, decision 088): what an account may keep. Pure,
 * so the console shows the same figures the platform enforces.
 */

/** Images an account keeps at once (saving or available; deleted ones count for nothing). */
export const CUSTOM_IMAGE_MAX_COUNT = 5;
/** Their total size, in GB. */
export const CUSTOM_IMAGE_MAX_GB = 100;
/** A name's length, in characters. */
export const CUSTOM_IMAGE_NAME_MAX = 30;

/** Letters (Chinese included), digits, spaces and . _ - only: a name is shown in selects and logs. */
const NAME_PATTERN = /^[\p{L}\p{N} ._-]+$/u;

/** Why a name cannot be used, or null; the name as it will be kept is `name.trim()`. */
export function customImageNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return "请输入镜像名称";
  if ([...trimmed].length > CUSTOM_IMAGE_NAME_MAX) return `镜像名称最多${CUSTOM_IMAGE_NAME_MAX}个字`;
  if (!NAME_PATTERN.test(trimmed)) return "镜像名称只能包含中英文、数字、空格和 . _ -";
  return null;
}

export interface ImageQuotaUse {
  count: number;
  sizeGb: number;
}

/** Why one more image of `sizeGb` does not fit the account's quota, or null. */
export function customImageQuotaError(used: ImageQuotaUse, sizeGb: number): string | null {
  if (used.count + 1 > CUSTOM_IMAGE_MAX_COUNT) return `自定义镜像最多${CUSTOM_IMAGE_MAX_COUNT}个，请先删除不用的镜像`;
  if (used.sizeGb + sizeGb > CUSTOM_IMAGE_MAX_GB)
    return `自定义镜像总容量最多${CUSTOM_IMAGE_MAX_GB} GB（已用 ${used.sizeGb} GB，本次需 ${sizeGb} GB），请先删除不用的镜像`;
  return null;
}
