import { Hono } from "hono";
import { z } from "zod";
import type { RaffleCalls } from "../../contract/raffle";
import { drawOnce } from "../../modules/raffle/draw";
import { drawRecord, raffleOverview } from "../../modules/raffle/overview";
import { answerQuestionnaire } from "../../modules/raffle/questionnaire";
import { callerFromForm, optionalCallerFromForm, type Env } from "../context";
import * as f from "../fields";
import { toRaffleDrawRecord, toRaffleDrawResult, toRaffleOverview } from "../shapes/raffle";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

/** The anniversary raffle (issue 39 §4): the page's data, a draw, a draw's audit record, the questionnaire. */
export const raffleApi = new Hono<Env>();
const on = contractRoutes<RaffleCalls>(raffleApi);

const operationKey = z
  .string({ required_error: "缺少操作标识，请刷新页面后重试", invalid_type_error: "操作标识格式不正确" })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "操作标识格式不正确，请刷新页面后重试");

const DrawFields = z.object({ operation_key: operationKey });
const RecordFields = z.object({ draw_id: f.id("抽奖记录编号") });
const answer = z.string().max(32).optional();
const QuestionnaireFields = z.object({
  purpose: answer,
  gpu: answer,
  hours: answer,
  satisfaction: answer,
  suggestion: z.string().max(2000, "建议最多 300 个字").optional(),
});

on.post("/raffle/overview", async (c) => {
  const caller = await optionalCallerFromForm(c, await readForm(c));
  return toRaffleOverview(await raffleOverview(c.var.ctx, caller));
});

on.post("/raffle/draw", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(DrawFields, form);
  return toRaffleDrawResult(await drawOnce(c.var.ctx, caller, { operationKey: input.operation_key }));
});

on.post("/raffle/draw_record", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(RecordFields, form);
  return toRaffleDrawRecord(await drawRecord(c.var.ctx, caller, input.draw_id));
});

on.post("/raffle/questionnaire", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(QuestionnaireFields, form);
  const { answeredAt } = await answerQuestionnaire(c.var.ctx, caller, input);
  return { AnsweredAt: answeredAt.toISOString() };
});
