import { listVerifications, type VerificationWire } from "~/upstream/verification.server";
import { requestClientAddress } from "./client-address.server";
import { requireMainAccount } from "./session.server";
import { loadPage } from "./upstream-errors.server";

/** What sub-accounts see instead of a verification page (spec §2: no verification access). */
export const SUB_ACCOUNT_REFUSAL = "子账号无权进行实名认证，请使用主账号登录";

/** The caller of the verification calls: the session token and the browser's address. */
export const verificationCaller = (request: Request, token: string) => ({
  token,
  clientAddress: requestClientAddress(request),
});

/** The main account's entries (newest first) and the unverified GPU limit; a sub-account gets the 403 page. */
export function loadVerifications(request: Request) {
  return loadPage(request, async () => {
    const { token } = await requireMainAccount(request, SUB_ACCOUNT_REFUSAL);
    return listVerifications(verificationCaller(request, token));
  });
}

/** The newest entry of a kind, which says where the account stands for it (an older rejected one is history). */
export function latestOf(entries: readonly VerificationWire[], kind: VerificationWire["kind"]) {
  return entries.find((e) => e.kind === kind && e.state !== "rejected") ?? entries.find((e) => e.kind === kind) ?? null;
}
