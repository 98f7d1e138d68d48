import Dysmsapi, { SendSmsRequest } from "@alicloud/dysmsapi20170525";
import { Config } from "@alicloud/openapi-client";
import type { AliyunSmsConfig } from "../../config";
import { SmsSendError, type SmsMessage, type SmsNotice, type SmsProvider } from "./types";

/**
 * The package is CommonJS (`exports.default = Client`). Imported from native
 * ESM (the production build, tsx, vitest), its default import is the whole
 * `module.exports`; a bundler's interop gives the class itself. Take the class
 * either way.
 */
const DysmsapiClient: typeof Dysmsapi = (Dysmsapi as unknown as { default?: typeof Dysmsapi }).default ?? Dysmsapi;

/** A phone in the log: enough to trace a complaint, not the whole number. */
const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/**
 * Aliyun SMS (dysmsapi, API version 2017-05-25), `SendSms` through Aliyun's own
 * SDK, which signs each request with ACS3-HMAC-SHA256 (decision 026). The code
 * goes into the template's `${code}` variable. A reply whose Code is not "OK",
 * an HTTP error or an unreachable gateway throws SmsSendError. The log never
 * carries the keys, the code nor the whole phone.
 */
export class AliyunSmsProvider implements SmsProvider {
  private readonly client: Dysmsapi;

  constructor(
    private readonly config: AliyunSmsConfig,
    private readonly log: (line: string) => void = (line) => console.warn(line),
  ) {
    this.client = new DysmsapiClient(
      new Config({
        accessKeyId: config.accessKeyId,
        accessKeySecret: config.accessKeySecret,
        endpoint: config.endpoint.host,
        protocol: config.endpoint.protocol.replace(/:$/, ""),
        connectTimeout: 5_000,
        readTimeout: 10_000,
      }) as ConstructorParameters<typeof Dysmsapi>[0],
    );
  }

  async sendCode(message: SmsMessage): Promise<void> {
    await this.send(
      message.phone,
      this.config.templateCodes[message.purpose],
      { code: message.code },
      `purpose=${message.purpose}`,
    );
  }

  /**
   * A notice needs its own approved template (ALIYUN_SMS_TEMPLATE_CODE_WORK_ORDER_REPLY, ALIYUN_SMS_TEMPLATE_CODE_GPU_FREE);
   * without one nothing is sent.
   */
  async sendNotice(notice: SmsNotice): Promise<void> {
    const templateCode = this.config.noticeTemplateCodes?.[notice.template];
    if (!templateCode) {
      this.log(`[sms:aliyun] no template for notice=${notice.template} to=${maskPhone(notice.phone)}`);
      throw new SmsSendError("NO_TEMPLATE", `No Aliyun template for ${notice.template}`);
    }
    await this.send(notice.phone, templateCode, notice.params, `notice=${notice.template}`);
  }

  private async send(phone: string, templateCode: string, params: Record<string, string>, what: string) {
    const request = new SendSmsRequest({
      phoneNumbers: phone,
      signName: this.config.signName,
      templateCode,
      templateParam: JSON.stringify(params),
    });
    const where = `to=${maskPhone(phone)} ${what}`;
    let code: string;
    let detail: string;
    try {
      const reply = await this.client.sendSms(request);
      code = reply.body?.code ?? "NO_CODE";
      detail = reply.body?.message ?? "";
      if (code === "OK") return;
    } catch (error) {
      const e = error as { code?: unknown; statusCode?: unknown; message?: unknown };
      code = typeof e.code === "string" && e.code !== "undefined" ? e.code : "UNREACHABLE";
      detail = `${typeof e.statusCode === "number" ? `HTTP ${e.statusCode} ` : ""}${String(e.message ?? error)}`;
    }
    const line = `[sms:aliyun] send failed ${where} code=${code} ${detail}`;
    this.log(this.redact(line));
    throw new SmsSendError(code, `Aliyun SMS refused the message: ${code}`);
  }

  /** The SDK's messages echo what the gateway said; never let a key through. */
  private redact(line: string): string {
    let out = line;
    for (const secret of [this.config.accessKeySecret, this.config.accessKeyId]) {
      if (secret) out = out.split(secret).join("***");
    }
    return out;
  }
}
