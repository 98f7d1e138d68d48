/**
 * The account's verification label (spec: "enterprise if an entry with
 * verify_type 1 has status 1; else personal if verify_type 0 has status 1;
 * else unverified"; issue 37 §1). Pure: the account menu's tag, the
 * verification page and the platform's unlock rules read it from the same
 * entries (`verifications`' `data.verifications`).
 */

/** An entry's kind on the wire: 0 personal, 1 enterprise. */
export const VERIFY_TYPES = { personal: 0, enterprise: 1 } as const;
export type VerifyType = (typeof VERIFY_TYPES)[keyof typeof VERIFY_TYPES];

/** An entry's status on the wire that counts: 1 verified (pending and rejected count for nothing). */
export const VERIFIED_STATUS = 1;

export type VerificationLabel = "enterprise" | "personal" | "unverified";

export const VERIFICATION_LABEL_TEXT: Record<VerificationLabel, string> = {
  enterprise: "企业认证",
  personal: "个人认证",
  unverified: "未认证",
};

/**
 * The same label from users.verified_as, which the platform keeps in step with the entries in the transaction
 * that decides one (user info carries it, so the account menu needs no list call): a student was verified as a
 * person first, so it is personal here.
 */
export function labelOfVerifiedAs(verifiedAs: "personal" | "student" | "enterprise" | null): VerificationLabel {
  if (verifiedAs === "enterprise") return "enterprise";
  return verifiedAs === null ? "unverified" : "personal";
}

/** What the entries make of the account; no entries (or no session: the list is empty) is unverified. */
export function verificationLabel(entries: readonly { verify_type: number; status: number }[]): VerificationLabel {
  const verified = (type: VerifyType) => entries.some((e) => e.verify_type === type && e.status === VERIFIED_STATUS);
  if (verified(VERIFY_TYPES.enterprise)) return "enterprise";
  if (verified(VERIFY_TYPES.personal)) return "personal";
  return "unverified";
}
