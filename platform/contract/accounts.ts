/**
 * The accounts area of the main API on the wire (spec §3, §7): registration,
 * login, sessions, user info, membership, unregistration and the notice email.
 * Names and JSON are exactly what outside clients see; do not rename.
 */
import type { LoginReplyWire } from "./two-step";
import type { MainApiCall, NoFields } from "./calls";
import type { CaptchaFields } from "./security";

/** What an SMS code is for; a code sent for one purpose never passes for another. */
export const SMS_PURPOSES = [
  "register",
  "login",
  "company_register",
  "unregister",
  "reset_password",
  "change_phone",
] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** A checkbox on the wire: "1" (also "true" or "on") is yes, anything else no. */
export type AgreeFlag = "1" | "0";

/** The source of a registration: "sy" from the top bar's register button, else "dl". */
export type EventChannel = "dl" | "sy";

// ---- replies ----------------------------------------------------------------

/** A new session: the token the caller sends as `session` from now on. */
export type TokenWire = { token: string };

export type SendVerifyCodeWire = { sent: true; resend_after_seconds: number };

/** A sub-account's spending figures, yuan strings with two decimals. */
export type SubAccountWire = {
  Name: string;
  MoneyLimit: string;
  MoneyUsed: string;
  MoneyCanUse: string;
};

/** What every caller's user info has. */
type UserInfoCommon = {
  /** The account's name: a main account's nickname, or the sub-account's own name. */
  Name: string;
  /** A main account's phone; for a sub-account, its main account's phone masked (138****0000). */
  Phone: string;
  /**
   * Only with `with_unread=1`: the caller's own unread counts, and whether a work order it sees has a
   * staff reply it has not opened (the same answer as /third-party's work-order `unread-flag`).
   */
  Unread?: { Notifications: number; Messages: number; WorkOrderReplies: boolean };
  /** ISO 8601: when this account (or sub-account) was created. */
  CreatedAt: string;
  /** The main account's user id: what a work order about the account names as its resource (issue 11). */
  UserId: number;
};

/** The wire shape of spec §3 "User info" for a main account; amounts are yuan strings with two decimals. */
export type MainUserInfoWire = UserInfoCommon & {
  AccountType: "personal" | "enterprise";
  CompanyName: string | null;
  NoticeEmail: string | null;
  /** Whether the owner confirmed NoticeEmail by the emailed link; email notices go only to a confirmed one. */
  NoticeEmailConfirmed: boolean;
  SubAccount: null;
  VipLevel: number;
  AccumulatedMoney: string;
  Money: string;
  PowerMoney: string;
  CreditMoneyQuota: string;
  /** Derived (spec §3, §4; platform/rules/account-figures.ts): if CreditMoneyQuota > 0, Money when not negative, else 0; otherwise Money. */
  displayMoney: string;
  /** Money + PowerMoney + CreditMoneyQuota. */
  integratedMoney: string;
  /** CreditMoneyQuota while Money > 0, else CreditMoneyQuota + Money. */
  remainCreditMoney: string;
  /** remainCreditMoney as a whole percent of CreditMoneyQuota; 0 without a quota. */
  creditPercent: number;
  userVipInfo: VipProgressWire;
  /**
   * What real-name verification proved (issue 37): "personal", "student", "enterprise", or null while unverified.
   * The account menu's tag reads it (platform/rules/verification-label.ts labelOfVerifiedAs).
   */
  VerifiedAs: "personal" | "student" | "enterprise" | null;
};

/**
 * Membership progress (spec §4, §9): vip_score is the cumulative top-up in whole
 * yuan; next_level_threshold is the current level's next-level threshold (100,
 * 1500, 10000, 20000, 20000); experience_percent = vip_score*100 / that, at most 100.
 */
export type VipProgressWire = {
  vip_score: number;
  vip_discount: number;
  next_level_threshold: number;
  experience_percent: number;
};

/**
 * User info for a sub-account's session (docs/decisions/028, spec §6): its own
 * name, quota, limit and available amount, and its main account's phone masked.
 * The main account's balances, vouchers, credit, membership, company and notice
 * email are withheld: present as null, so a client can tell "not yours" from 0.
 */
export type SubUserInfoWire = UserInfoCommon & {
  AccountType: null;
  CompanyName: null;
  NoticeEmail: null;
  NoticeEmailConfirmed: null;
  SubAccount: SubAccountWire;
  VipLevel: null;
  AccumulatedMoney: null;
  Money: null;
  PowerMoney: null;
  CreditMoneyQuota: null;
  displayMoney: null;
  integratedMoney: null;
  remainCreditMoney: null;
  creditPercent: null;
  userVipInfo: null;
  VerifiedAs: null;
};

/** `SubAccount` tells the two apart: null for a main account. */
export type UserInfoWire = MainUserInfoWire | SubUserInfoWire;

/** One membership tier (spec §2, §9); thresholds are cumulative top-up in yuan. */
export type VipInfoWire = {
  VipLevel: number;
  Name: string;
  VipDiscount: number;
  /** Cumulative top-up (yuan) to reach this tier. */
  Threshold: number;
  /** Cumulative top-up (yuan) that ends this tier: the next tier's threshold. */
  NextThreshold: number;
};

export type VipInfosWire = { vipInfos: VipInfoWire[] };

export type UnregisterBlockerKey = "balance" | "arrears" | "power_money";

/** One thing that keeps an account from being closed, with the sentence to show. */
export type UnregisterBlockerWire = { key: UnregisterBlockerKey; message: string };

export type UnregisterCheckWire = { can_unregister: boolean; blockers: UnregisterBlockerWire[] };

/**
 * The saved notice address, and what became of its confirmation email: `sent`; `unchanged` (same address,
 * nothing sent); `failed` (the mail server refused or could not be reached; the address is saved anyway);
 * `limited` (the account's confirmations for today are used up; saved, not sent).
 */
export type NoticeEmailWire = { email: string; confirmation: "sent" | "unchanged" | "failed" | "limited" };

/** The notice email a link confirmed; `already` when the link had been used before (confirming is idempotent). */
export type ConfirmedNoticeEmailWire = { email: string; already: boolean };

// ---- inputs -----------------------------------------------------------------

export type SendVerifyCodeFields = { phone: string; purpose: SmsPurpose } & CaptchaFields;

export type RegisterFields = {
  phone: string;
  code: string;
  password: string;
  agree?: AgreeFlag;
  event_channel?: EventChannel;
  bd_vid?: string;
  /** The browser's first touch of a sales partner's referral link (issue 39 §2): 32 hex digits. */
  referral_touch?: string;
} & CaptchaFields;

export type CompanyRegisterFields = RegisterFields & {
  company_name: string;
  credit_code: string;
  contact_name: string;
};

export type LoginFields = (
  { login_type?: "password"; phone: string; password: string } | { login_type: "code"; phone: string; code: string }
) &
  CaptchaFields;

/** `phone` is the main account's phone. */
export type SubAccountLoginFields = { phone: string; name: string; password: string } & CaptchaFields;

export type UserInfoFields = { with_unread?: AgreeFlag };

export type UnregisterFields = { code: string; agree?: AgreeFlag };

/** 忘记密码: a main account's phone, a reset_password code and the new password. */
export type ResetPasswordFields = { phone: string; code: string; password: string } & CaptchaFields;

export type ChangeNoticeEmailFields = { email: string };

/** The token from the confirmation link's `?token=`. */
export type ConfirmNoticeEmailFields = { token: string };

// ---- the calls --------------------------------------------------------------

/** Every accounts call of the main API, by path under /api. */
export type AccountCalls = {
  "/auth/send_verify_code": MainApiCall<SendVerifyCodeFields, SendVerifyCodeWire>;
  "/register": MainApiCall<RegisterFields, TokenWire>;
  "/company_register": MainApiCall<CompanyRegisterFields, TokenWire>;
  /** A session, or for a main account with two-step login on the second step's ticket (contract/two-step.ts). */
  "/login": MainApiCall<LoginFields, LoginReplyWire>;
  "/sub_account_login": MainApiCall<SubAccountLoginFields, LoginReplyWire>;
  "/logout": MainApiCall<NoFields, null, "required">;
  /** The same answer whether or not the phone has an account; every session of the account ends. */
  "/reset_password": MainApiCall<ResetPasswordFields, null>;
  "/get_user_info": MainApiCall<UserInfoFields, UserInfoWire, "required">;
  "/get_user_vip_info": MainApiCall<NoFields, VipInfosWire, "required">;
  "/unregister_check": MainApiCall<NoFields, UnregisterCheckWire, "required">;
  "/unregister": MainApiCall<UnregisterFields, null, "required">;
  "/change_notice_email": MainApiCall<ChangeNoticeEmailFields, NoticeEmailWire, "required">;
  "/resend_notice_email_confirmation": MainApiCall<NoFields, NoticeEmailWire, "required">;
  "/confirm_notice_email": MainApiCall<ConfirmNoticeEmailFields, ConfirmedNoticeEmailWire>;
};
