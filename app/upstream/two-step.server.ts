import type { TwoStepCalls } from "../../platform/contract/two-step";
import { callOptions, type GuardedCall } from "./accounts.server";
import { callApiOrThrow, type CallOptions } from "./transport.server";

export type { LoginReplyWire, TwoStepSetupWire, TwoStepStatusWire } from "../../platform/contract/two-step";

/** One two-step call, its fields and reply typed by the contract (platform/contract/two-step.ts). */
function call<P extends keyof TwoStepCalls>(path: P, input: TwoStepCalls[P]["input"], options: CallOptions) {
  return callApiOrThrow<TwoStepCalls[P]["data"]>(path, input, options);
}

/** Whether the account has two-step login on, and how many recovery codes are left. */
export function getTwoStepStatus(session: string) {
  return call("/get_two_step_status", {}, { session });
}

/** 开启 step 1: a new secret to scan (nothing is stored yet). */
export function beginTwoStep(session: string) {
  return call("/two_step/begin", {}, { session });
}

/** 开启 step 2: the sealed secret from step 1 and a current code; the recovery codes, shown once. */
export function enableTwoStep(session: string, fields: TwoStepCalls["/two_step/enable"]["input"]) {
  return call("/two_step/enable", fields, { session });
}

/** 关闭: a current code or a recovery code. */
export function disableTwoStep(session: string, fields: TwoStepCalls["/two_step/disable"]["input"]) {
  return call("/two_step/disable", fields, { session });
}

/** New recovery codes (the old ones stop working): a current code or a recovery code. */
export function regenerateRecoveryCodes(
  session: string,
  fields: TwoStepCalls["/two_step/regenerate_recovery_codes"]["input"],
) {
  return call("/two_step/regenerate_recovery_codes", fields, { session });
}

/** A login's second step: its ticket and a current code or a recovery code; the session token. */
export function loginSecondStep(ticket: string, code: string, guarded: GuardedCall = {}) {
  return call("/login_second_step", { ticket, code }, callOptions(guarded));
}
