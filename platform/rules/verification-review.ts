/**
 * Staff review of real-name verification (issue 37 §2, decision 101). Pure: the platform enforces these rules and
 * the desk's pages show the same roles, methods and reasons.
 */
import type { VerifiedAs } from "./coupons";

/** Reviewers decide applications; leads and admins may too. Agents, editors and finance may not. */
export function canReviewVerification(role: string): boolean {
  return role === "reviewer" || role === "lead" || role === "admin";
}

/** The methods whose entries a person decides (the others are decided by a provider or a mailbox code). */
export const REVIEWED_METHODS = ["licence", "other", "card"] as const;
export type ReviewedMethod = (typeof REVIEWED_METHODS)[number];

/** The reasons a reviewer picks from; `other` asks for the reason in words. */
export const REJECT_REASONS = ["照片不清晰", "信息与证件不一致", "证件已过期", "材料不完整"] as const;
export const REJECT_REASON_OTHER = "other";
/** The longest reason a reviewer may write (it is shown to the user and kept with the entry). */
export const REJECT_REASON_MAX = 200;
/** A reveal's reason: short, but saying why (it goes to the audit log). */
export const REVEAL_REASON_MIN = 2;
export const REVEAL_REASON_MAX = 100;

export type RejectReasonCheck =
  { ok: true; reason: string } | { ok: false; field: "reason" | "reason_text"; message: string };

/** The reason a rejection gives the user: one of the list, or `other` with its text (trimmed, 2–200 characters). */
export function checkRejectReason(choice: string, text: string): RejectReasonCheck {
  if ((REJECT_REASONS as readonly string[]).includes(choice)) return { ok: true, reason: choice };
  if (choice !== REJECT_REASON_OTHER) return { ok: false, field: "reason", message: "请选择驳回原因" };
  const reason = text.trim().replace(/\s+/g, " ");
  if ([...reason].length < 2) return { ok: false, field: "reason_text", message: "请填写驳回原因" };
  if ([...reason].length > REJECT_REASON_MAX)
    return { ok: false, field: "reason_text", message: `驳回原因最多${REJECT_REASON_MAX}个字` };
  return { ok: true, reason };
}

/** A reveal's reason, trimmed, or null when it is too short or too long. */
export function checkRevealReason(raw: string): string | null {
  const reason = raw.trim().replace(/\s+/g, " ");
  const length = [...reason].length;
  return length >= REVEAL_REASON_MIN && length <= REVEAL_REASON_MAX ? reason : null;
}

/** What a verified entry of a kind makes the account: other channel verifies a person. */
export type VerifiedKind = "personal" | "enterprise" | "student" | "other";

const RANK: Record<Exclude<VerifiedAs, null>, number> = { personal: 1, student: 2, enterprise: 3 };
const LABEL_OF_KIND: Record<VerifiedKind, Exclude<VerifiedAs, null>> = {
  personal: "personal",
  other: "personal",
  student: "student",
  enterprise: "enterprise",
};

/**
 * users.verified_as from the kinds verified now (precedence enterprise > student > personal); null when none is.
 * An approval is `verifiedAsOf([current's kind, approved kind])`; an expiry recomputes from what still holds.
 */
export function verifiedAsOf(kinds: readonly VerifiedKind[]): VerifiedAs {
  let best: VerifiedAs = null;
  for (const kind of kinds) {
    const label = LABEL_OF_KIND[kind];
    if (best === null || RANK[label] > RANK[best]) best = label;
  }
  return best;
}

/** After approving an entry of `kind`: the higher of what the account was and what the entry gives. */
export const verifiedAsAfterApproval = (current: VerifiedAs, kind: VerifiedKind): VerifiedAs =>
  verifiedAsOf(current === null ? [kind] : [current, kind]);

const KIND_WORDS: Record<VerifiedKind, string> = {
  personal: "个人实名认证",
  other: "个人实名认证",
  enterprise: "企业认证",
  student: "学生认证",
};

/** The site message telling the user how a review ended (and how to try again). */
export function reviewMessage(kind: VerifiedKind, decision: { approved: true } | { approved: false; reason: string }) {
  return decision.approved
    ? `您提交的${KIND_WORDS[kind]}申请已通过审核。`
    : `您提交的${KIND_WORDS[kind]}申请未通过审核，原因：${decision.reason}。请按原因修改后重新提交。`;
}

/** The kinds as the desk names them. */
export const REVIEW_KIND_LABELS: Record<VerifiedKind, string> = {
  personal: "个人认证",
  enterprise: "企业认证",
  student: "学生认证",
  other: "其他方式认证",
};
