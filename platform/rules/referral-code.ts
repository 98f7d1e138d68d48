/**
 * A sales partner's referral code (issue 39 §2, decision 114): 8 characters from letters and digits that cannot be
 * mistaken for each other when read aloud or typed (no 0/O, 1/I). The link /invite/<code> and the platform's touch
 * call both check a code with `isReferralCode` before anything else, so a malformed one is simply not a referral.
 */
export const REFERRAL_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const REFERRAL_CODE_LENGTH = 8;

const REFERRAL_CODE = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

export const isReferralCode = (value: string): boolean => REFERRAL_CODE.test(value);
