import { sql } from "drizzle-orm";
import { inTransaction } from "../../db/tx";
import { QUESTION_IDS, questionnaireErrors, type QuestionnaireAnswers } from "../../rules/raffle-questionnaire";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { rowsOf } from "../finance/rows";
import { lockEntrant } from "./draw";
import { raffleEventOrNotFound, requireRaffleOpen } from "./event";

export const SUB_ACCOUNT_CANNOT_ANSWER = "子账号不能填写活动问卷，请使用主账号登录";

/**
 * Records the caller's answers (one per account per event: the unique index refuses a second, whatever the timing)
 * and with them the questionnaire's one draw. Only inside the window; a sub-account may not answer.
 */
export async function answerQuestionnaire(
  ctx: Pick<Ctx, "db" | "now">,
  caller: Caller,
  raw: Record<string, unknown>,
): Promise<{ answeredAt: Date }> {
  if (caller.subAccountId !== null) return fail("PERMISSION_DENIED", undefined, SUB_ACCOUNT_CANNOT_ANSWER);
  const errors = questionnaireErrors(raw);
  const first = Object.entries(errors)[0];
  if (first) fail("BAD_REQUEST", first[0], first[1]);
  const answers = Object.fromEntries([
    ...QUESTION_IDS.map((id) => [id, raw[id]]),
    ["suggestion", String(raw.suggestion ?? "").trim()],
  ]) as QuestionnaireAnswers;
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const event = await raffleEventOrNotFound(tx);
    requireRaffleOpen(event, now);
    await lockEntrant(tx, event.id, caller.userId);
    const [row] = await rowsOf<{ id: unknown }>(
      tx,
      sql`insert into raffle_answers (event_id, user_id, answers, created_at)
          values (${event.id}, ${caller.userId}, ${JSON.stringify(answers)}::jsonb, ${now.toISOString()}::timestamptz)
          on conflict do nothing returning id`,
    );
    if (!row) fail("RAFFLE_ANSWERED");
    return { answeredAt: now };
  });
}

/** Whether the caller's main account has answered. */
export async function hasAnswered(ctx: Pick<Ctx, "db">, eventId: number, userId: number): Promise<boolean> {
  const rows = await rowsOf<{ one: unknown }>(
    ctx.db,
    sql`select 1 as one from raffle_answers where event_id = ${eventId} and user_id = ${userId}`,
  );
  return rows.length > 0;
}
