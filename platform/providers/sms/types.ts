export type SmsPurpose = "register" | "login" | "company_register" | "unregister";

export interface SmsMessage {
  phone: string;
  purpose: SmsPurpose;
  code: string;
}

/** Sends verification codes by SMS. A real gateway (Aliyun, Tencent Cloud) implements the same. */
export interface SmsProvider {
  sendCode(message: SmsMessage): Promise<void>;
}
