export type SmsPurpose = "register" | "login" | "company_register" | "unregister";

export interface SmsMessage {
  phone: string;
  purpose: SmsPurpose;
  code: string;
}

/** Sends verification codes by SMS: the sandbox outbox, or a real gateway (Aliyun) chosen by SMS_PROVIDER. */
export interface SmsProvider {
  /** Resolves once the gateway accepted the message; throws SmsSendError when it refused or could not be reached. */
  sendCode(message: SmsMessage): Promise<void>;
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
