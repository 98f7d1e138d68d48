import type { LoginReplyWire, TwoStepSetupWire, TwoStepStatusWire } from "../../contract/two-step";
import type { SignInOutcome } from "../../modules/accounts/login";
import type { TwoStepSetup, TwoStepStatus } from "../../modules/accounts/two-step-setup";

/** Any login's reply: the token, or the second step's ticket (decision 103). */
export const toLoginReply = (outcome: SignInOutcome): LoginReplyWire =>
  outcome.kind === "session"
    ? { token: outcome.token }
    : { need_second_step: true, ticket: outcome.ticket, expires_at: outcome.expiresAt.toISOString() };

export const toTwoStepStatus = (status: TwoStepStatus): TwoStepStatusWire => ({
  enabled: status.enabled,
  enabled_at: status.enabledAt ? status.enabledAt.toISOString() : "",
  recovery_codes_left: status.recoveryCodesLeft,
});

export const toTwoStepSetup = (setup: TwoStepSetup): TwoStepSetupWire => ({
  secret: setup.secret,
  otpauth_url: setup.link,
  pending: setup.pending,
  expires_at: setup.expiresAt.toISOString(),
});
