import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { isReferralCode } from "../../platform/rules/referral-code";
import { touchReferralLink } from "~/upstream/partner.server";
import { readReferralTouch, rememberReferralTouch } from "~/utils/referral-touch.server";
import { getSessionToken } from "~/utils/session.server";

const REGISTER = "/login?tab=register";

/**
 * A partner's referral link (issue 39 §2, decision 114): the first one a browser follows is recorded (a visit
 * record, like a sign-in record; it changes no account) and its id kept in an httpOnly cookie for 30 days; a later
 * link leaves it as it is. Then on to registration (a malformed code, with control characters or of another length,
 * goes there too: the hostile-pages walk found `\u0000` answering 500 when it reached the platform).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (await readReferralTouch(request)) return redirect(REGISTER);
  const code = String(params.code ?? "");
  // A malformed code is no referral: straight on to registration, without asking the platform.
  if (!isReferralCode(code)) return redirect(REGISTER);
  const { TouchId } = await touchReferralLink(code, await getSessionToken(request));
  if (!TouchId) return redirect(REGISTER);
  return redirect(REGISTER, { headers: { "Set-Cookie": await rememberReferralTouch(TouchId) } });
}
