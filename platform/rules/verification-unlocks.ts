/**
 * What real-name verification unlocks (issue 37 §1, decision 096), and the
 * limits around it. Pure: the platform enforces these rules (renting, invoices,
 * coupons) and /console/verification/selectVerification shows the same table.
 */

import type { VerifiedAs } from "./coupons";

export type { VerifiedAs };

/** The configurable limits of verification (VERIFICATION_* and UNVERIFIED_GPU_LIMIT). */
export interface VerificationLimits {
  /** Main accounts one ID number may verify (pending or verified entries count). */
  idNumberMaxAccounts: number;
  /** Attempts (OCR, face, bank card, each counted apart) one account may make in 24 hours. */
  attemptsPerAccountDay: number;
  /** Attempts of each kind naming one ID number in 24 hours, whichever account makes them. */
  attemptsPerIdDay: number;
  /** GPUs an unverified account may hold at once in its running and stopped instances. */
  unverifiedGpuLimit: number;
  /** Days a verification file's bytes are kept after its application was decided (decision 101). */
  fileRetentionDays: number;
}

export const VERIFICATION_LIMIT_DEFAULTS: VerificationLimits = {
  idNumberMaxAccounts: 1,
  attemptsPerAccountDay: 5,
  attemptsPerIdDay: 5,
  unverifiedGpuLimit: 8,
  fileRetentionDays: 30,
};

/** Whether any real-name verification holds (personal, student or enterprise). */
export const isVerified = (verifiedAs: VerifiedAs): boolean => verifiedAs !== null;

/**
 * The label that holds after a personal verification succeeds: enterprise and
 * student are kept (enterprise wins over personal; a student was personal first).
 */
export const verifiedAsAfterPersonal = (current: VerifiedAs): Exclude<VerifiedAs, null> => current ?? "personal";

export type GpuCapCheck = { ok: true } | { ok: false; reason: string; limit: number };

/** How the cap's refusal begins: the rental form recognises it and offers the way to verify beside it. */
const UNVERIFIED_CAP_PREFIX = "未实名认证的账号最多同时使用";

/** Whether a refusal shown beside the GPU count is the unverified cap's (a link to verification goes with it). */
export const isUnverifiedCapReason = (reason: string | undefined): boolean =>
  reason?.startsWith(UNVERIFIED_CAP_PREFIX) ?? false;

/**
 * Renting `requested` more GPUs while `held` are held: a verified account has no
 * cap here (its quota elsewhere still applies); an unverified one may hold at
 * most `limit` at once.
 */
export function checkUnverifiedGpuCap(input: {
  verifiedAs: VerifiedAs;
  held: number;
  requested: number;
  limit: number;
}): GpuCapCheck {
  if (isVerified(input.verifiedAs) || input.requested <= 0) return { ok: true };
  if (input.held + input.requested <= input.limit) return { ok: true };
  const left = Math.max(0, input.limit - input.held);
  return {
    ok: false,
    limit: input.limit,
    reason:
      `${UNVERIFIED_CAP_PREFIX}${input.limit}张GPU` +
      (left > 0 ? `（还可租用${left}张）` : `（已使用${input.held}张）`) +
      "，请先完成实名认证",
  };
}

/** Invoices are issued to verified accounts only (issue 37 §1); special VAT invoices need an enterprise. */
export const mayAskForInvoice = (verifiedAs: VerifiedAs): boolean => isVerified(verifiedAs);
export const mayAskForSpecialVatInvoice = (verifiedAs: VerifiedAs): boolean => verifiedAs === "enterprise";

/** One line of the unlock table on selectVerification: what it is, and for which labels it holds. */
export interface Unlock {
  title: string;
  detail: string;
  /** The labels that have it. */
  for: readonly Exclude<VerifiedAs, null>[];
}

/** The unlock table, for the page (the numbers from the limits in force). */
export function unlockTable(limits: Pick<VerificationLimits, "unverifiedGpuLimit">): Unlock[] {
  return [
    {
      title: "不限GPU租用数量",
      detail: `未认证账号最多同时使用${limits.unverifiedGpuLimit}张GPU`,
      for: ["personal", "student", "enterprise"],
    },
    { title: "申请发票", detail: "未认证账号不能申请发票", for: ["personal", "student", "enterprise"] },
    // TargetUserVerifyType 1 and 2 (modules/coupons/groups.ts visibleTo)
    { title: "学生专享优惠券", detail: "领券中心与下单时可用学生券", for: ["student"] },
    { title: "企业专享优惠券", detail: "领券中心与下单时可用企业券", for: ["enterprise"] },
    { title: "增值税专用发票", detail: "仅企业认证账号可申请", for: ["enterprise"] },
  ];
}
