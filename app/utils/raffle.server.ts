import { randomUUID } from "node:crypto";
import { z } from "zod";
import { questionnaireErrors, QUESTION_IDS, SUGGESTION_MAX } from "../../platform/rules/raffle-questionnaire";
import {
  answerRaffleQuestionnaire,
  drawRaffle,
  getRaffleOverview,
  type RaffleDrawResultWire,
} from "~/upstream/raffle.server";
import { getRequestUser, getSessionToken } from "./session.server";
import { RAFFLE_PATH } from "./raffle-paths";
import { redirectWithToast } from "./toast.server";

const STALE = "请求有误，请刷新页面后重试";

/** The raffle page's data for visitors and signed-in users alike; a fresh operation key per rendering. */
export async function loadRafflePage(request: Request) {
  const [token, user] = await Promise.all([getSessionToken(request), getRequestUser(request)]);
  const overview = await getRaffleOverview(user ? token : null);
  return { overview, signedIn: user !== null, operationKey: randomUUID() };
}

export const DrawSchema = z.object({
  operation_key: z.string({ required_error: STALE }).regex(/^[A-Za-z0-9_-]{8,64}$/, STALE),
});

/** Where each kind of prize lands, as the page and the toast say it. */
const PRIZE_DESTINATION = {
  voucher: { text: "已发放至算力券余额" },
  points: { text: "已发放至积分账户" },
  coupon: { text: "已发放至我的优惠券" },
} as const;

export function drawMessage(result: RaffleDrawResultWire): { type: "success" | "info"; message: string } {
  if (result.Prize) {
    const where = PRIZE_DESTINATION[result.Prize.Kind].text;
    return { type: "success", message: `恭喜您抽中「${result.Prize.Name}」，${where}` };
  }
  if (result.Outcome === "out_of_stock") return { type: "info", message: "很遗憾，该奖品已抽完，本次未中奖，谢谢参与" };
  if (result.Outcome === "already_held") return { type: "info", message: "您已持有该优惠券，本次未中奖，谢谢参与" };
  return { type: "info", message: "很遗憾，本次未中奖，谢谢参与" };
}

export async function draw(token: string, operationKey: string) {
  const result = await drawRaffle(token, operationKey);
  return redirectWithToast(RAFFLE_PATH, drawMessage(result));
}

/** The questionnaire's form, checked by the same rule the platform applies (errors beside each question). */
export const QuestionnaireSchema = z
  .object({
    ...Object.fromEntries(QUESTION_IDS.map((id) => [id, z.string().max(32).optional()])),
    suggestion: z
      .string()
      .max(SUGGESTION_MAX * 4)
      .optional(),
  })
  .superRefine((value, ctx) => {
    for (const [path, message] of Object.entries(questionnaireErrors(value)))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
  });

export async function answer(token: string, input: z.infer<typeof QuestionnaireSchema>) {
  const fields = input as Record<string, string | undefined>;
  await answerRaffleQuestionnaire(token, {
    purpose: fields.purpose ?? "",
    gpu: fields.gpu ?? "",
    hours: fields.hours ?? "",
    satisfaction: fields.satisfaction ?? "",
    suggestion: fields.suggestion ?? "",
  });
  return redirectWithToast(RAFFLE_PATH, { type: "success", message: "感谢填写问卷，您已获得 1 次抽奖机会" });
}
