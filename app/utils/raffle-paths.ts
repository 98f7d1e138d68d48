/**
 * The raffle's addresses and the sub-account's note: values the pages render, so they live outside raffle.server.ts
 * (a `.server` module is empty in the browser; app/server-only-values.test.ts).
 */
export const RAFFLE_PATH = "/activity_202510";
export const QUESTIONNAIRE_PATH = "/raffle_questionnaire";
export const SUB_ACCOUNT_CANNOT_DRAW = "子账号不能参与抽奖：抽奖次数按主账号的消费计算，请使用主账号登录后抽奖";
