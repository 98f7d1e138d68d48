import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { touchReferralLink } from "~/upstream/partner.server";
import { readReferralTouch, rememberReferralTouch } from "~/utils/referral-touch.server";
import { getSessionToken } from "~/utils/session.server";

const REGISTER = "/login?tab=register";

/**
 * A partner's referral link (issue 39 §2, decision 114): the first one a browser follows is recorded (a visit
 * record, like a sign-in record; it changes no account) and its id kept in an httpOnly cookie for 30 days; a later
 * link leaves it as it is. Then on to registration.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (await readReferralTouch(request)) return redirect(REGISTER);
  const code = String(params.code ?? "").slice(0, 16);
  const { TouchId } = await touchReferralLink(code, await getSessionToken(request));
  if (!TouchId) return redirect(REGISTER);
  return redirect(REGISTER, { headers: { "Set-Cookie": await rememberReferralTouch(TouchId) } });
}
