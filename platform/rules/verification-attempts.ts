/** Asia/Shanghai is UTC+8 all year. */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const MINUTE_MS = 60_000;

/** "2026-11-29 19:31": the minute (Beijing time) at or after `at`, rounded up so the user is never early. */
export function beijingMinute(at: Date): string {
  const rounded = Math.ceil(at.getTime() / MINUTE_MS) * MINUTE_MS;
  return new Date(rounded + SHANGHAI_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}

/** The 102252 sentence: attempts used up, and when to try again (issue 37 §1 "Limits"). */
export const retryReason = (retryAt: Date): string =>
  `认证次数已达每日上限，请于 ${beijingMinute(retryAt)}（北京时间）后再试`;
