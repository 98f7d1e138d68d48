import type { CaptchaWire } from "~/upstream/security.server";

/** What the security page's action answers one of its forms (app/utils/action.server.ts ActionResult, serialised). */
export interface SafeFormResult {
  intent: string;
  notice: string | null;
  fieldErrors: Record<string, string | undefined>;
  formError: string | null;
  captcha: CaptchaWire | null;
  /** What was typed, and what a step handed back (the phone change's ticket). */
  values: Record<string, string>;
}

/** The result when it answers one of these intents (each panel shows only its own). */
export function resultFor(result: SafeFormResult | undefined, intents: string[]): SafeFormResult | null {
  return result && intents.includes(result.intent) ? result : null;
}
