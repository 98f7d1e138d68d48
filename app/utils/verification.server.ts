import {
  listVerifications,
  VERIFICATION_METHOD_LABELS,
  VERIFICATION_STATUS_LABELS,
  type VerificationWire,
} from "~/upstream/verification.server";
import { OTHER_DOCUMENT_LABELS } from "../../platform/rules/other-documents";
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

/** An entry as the pages show it: its words computed here (the labels are the contract's, a server module). */
export interface EntryView {
  kind: VerificationWire["kind"];
  method: VerificationWire["method"];
  state: VerificationWire["state"];
  statusText: string;
  methodText: string;
  createdAt: string;
  /** The masked values, joined: 张*　1****************5　银行卡 ****1234 (an enterprise: its company and code). */
  masked: string;
  reason: string;
  /** Decided by staff (enterprise, other channel): pending means 审核中, 1–3 working days. */
  reviewed: boolean;
  /** When it stops holding (a student's graduation); null when it does not expire. */
  expiresAt: string | null;
}

/** The methods staff decide (decision 100); the others are decided by a provider at once. */
const REVIEWED_METHODS: readonly VerificationWire["method"][] = ["licence", "other", "card"];

export function entryView(entry: VerificationWire | null): EntryView | null {
  if (!entry) return null;
  return {
    kind: entry.kind,
    method: entry.method,
    state: entry.state,
    statusText: VERIFICATION_STATUS_LABELS[entry.state],
    methodText: VERIFICATION_METHOD_LABELS[entry.method],
    createdAt: entry.created_at,
    masked: [
      entry.company_name && `企业名称 ${entry.company_name}`,
      entry.credit_code && `统一社会信用代码 ${entry.credit_code}`,
      entry.legal_representative && `法定代表人 ${entry.legal_representative}`,
      entry.document_type && OTHER_DOCUMENT_LABELS[entry.document_type],
      entry.name,
      entry.id_number,
      entry.card_number && `银行卡 ${entry.card_number}`,
    ]
      .filter(Boolean)
      .join("　"),
    reason: entry.reason,
    reviewed: REVIEWED_METHODS.includes(entry.method),
    expiresAt: entry.expires_at,
  };
}
