import { requireUser } from "./session.server";

/** The sales-partner pages are main accounts' only: a sub-account gets 404 (the program does not exist for it). */
export async function requirePartnerProgramAccount(request: Request) {
  const guarded = await requireUser(request);
  if (guarded.user.SubAccount) throw new Response("页面不存在", { status: 404 });
  return guarded;
}

/** The referral link a partner shares: the site's origin and /invite/<code>. */
export function referralLinkOf(request: Request, code: string): string {
  return `${new URL(request.url).origin}/invite/${code}`;
}
