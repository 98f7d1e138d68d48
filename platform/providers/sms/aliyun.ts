import Dysmsapi, { SendSmsRequest } from "@alicloud/dysmsapi20170525";
import { Config } from "@alicloud/openapi-client";
import type { AliyunSmsConfig } from "../../config";
import { SmsSendError, type SmsMessage, type SmsProvider } from "./types";

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
    const request = new SendSmsRequest({
      phoneNumbers: message.phone,
      signName: this.config.signName,
      templateCode: this.config.templateCodes[message.purpose],
      templateParam: JSON.stringify({ code: message.code }),
    });
    const where = `to=${maskPhone(message.phone)} purpose=${message.purpose}`;
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
