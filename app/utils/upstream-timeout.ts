/** What a page says when the platform did not answer within UPSTREAM_TIMEOUT_MS (spec §9: 30000 ms). */
export const UPSTREAM_TIMEOUT_TEXT = "服务响应超时，请稍后重试";
