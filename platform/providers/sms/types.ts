/** What a code proves; "bank_card": the phone of a bank card under real-name verification (decision 096). */
export type SmsPurpose =
  | "register"
  | "login"
  | "company_register"
  | "unregister"
  | "reset_password"
  | "bank_card"
  /** Changing the account's phone: a code to the old number, then one to the new (issue 38 §1). */
  | "change_phone"
  /** Unbinding a WeChat user from the account: a code to the account's own phone (issue 38 §2). */
  | "wechat_unbind";

export interface SmsMessage {
  phone: string;
  purpose: SmsPurpose;
  code: string;
}

/**
 * A notice template (not a code): "work_order_reply" tells the user a work order has a reply (variable `order`, the
 * order number); "gpu_free" that a stopped instance's host has the GPUs to start it (variables `instance`, its name,
 * and `gpus`, the free GPUs; decision 092).
 */
export type SmsNoticeTemplate = "work_order_reply" | "gpu_free";

export interface SmsNotice {
  phone: string;
  template: SmsNoticeTemplate;
  /** The template's variables, e.g. { order: "12" }. */
  params: Record<string, string>;
}

/** Sends verification codes and notices by SMS: the sandbox outbox, or a real gateway (Aliyun) chosen by SMS_PROVIDER. */
export interface SmsProvider {
  /** Resolves once the gateway accepted the message; throws SmsSendError when it refused or could not be reached. */
  sendCode(message: SmsMessage): Promise<void>;
  /** The same for a notice; throws SmsSendError when the gateway has no template for it. */
  sendNotice(notice: SmsNotice): Promise<void>;
}

/** The gateway did not take the message: nothing was sent. `providerCode` is the gateway's own code, for the log. */
export class SmsSendError extends Error {
  constructor(
    readonly providerCode: string,
    message: string,
  ) {
    super(message);
    this.name = "SmsSendError";
  }
}
