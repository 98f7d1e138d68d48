import type {
  RaffleCalls,
  RaffleDrawResultWire,
  RaffleOverviewWire,
  RaffleQuestionnaireFields,
} from "../../platform/contract/raffle";
import { callApiOrThrow, type CallOptions } from "./transport.server";

export type { RaffleDrawResultWire, RaffleOverviewWire, RaffleQuestionnaireFields };

/** One raffle call, its fields and reply typed by the contract (platform/contract/raffle.ts). */
function call<P extends keyof RaffleCalls>(path: P, input: RaffleCalls[P]["input"], options: CallOptions = {}) {
  return callApiOrThrow<RaffleCalls[P]["data"]>(path, input, options);
}

/** The raffle page's data; with a session, the caller's draws too. */
export function getRaffleOverview(session: string | null) {
  return call("/raffle/overview", {}, session ? { session } : {});
}

/** One draw; `operationKey` comes from the form, so a resubmission draws nothing more. */
export function drawRaffle(session: string, operationKey: string) {
  return call("/raffle/draw", { operation_key: operationKey }, { session });
}

export function answerRaffleQuestionnaire(session: string, answers: RaffleQuestionnaireFields) {
  return call("/raffle/questionnaire", answers, { session });
}
