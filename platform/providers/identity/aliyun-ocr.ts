import { Readable } from "node:stream";
import OcrApi, { RecognizeBusinessLicenseRequest, RecognizeIdcardRequest } from "@alicloud/ocr-api20210707";
import type { AliyunIdentityConfig } from "../../config";
import { checkCreditCode, checkIdNumber } from "../../rules/identity-numbers";
import { aliyunClientConfig, callAliyun, refusedReply, sdkClass, warnLog, type IdentityLog } from "./aliyun-call";
import {
  IdentityProviderError,
  type BusinessLicenceText,
  type IdCardBackText,
  type IdCardFrontText,
  type IdentityImage,
  type OcrProvider,
} from "./types";

const OcrClient = sdkClass(OcrApi);

/**
 * Codes of OCR API error replies that mean the picture, not the service: not an ID card or licence, too large or
 * small, not an image. https://help.aliyun.com/zh/ocr/developer-reference/error-codes
 */
const IMAGE_CODES = /image|unmatched|exceeded|illegal/i;
const imageOrService = (code: string): IdentityProviderError["code"] =>
  IMAGE_CODES.test(code) ? "UNREADABLE" : "UNAVAILABLE";

type Json = Record<string, unknown>;
const field = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((at, key) => (at && typeof at === "object" ? (at as Json)[key] : undefined), value);
const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/**
 * Aliyun OCR (API 2021-07-07) through Aliyun's SDK: RecognizeIdcard for both sides of a resident ID card,
 * RecognizeBusinessLicense for a licence; the image goes as the request body (application/octet-stream), signed
 * with ACS3-HMAC-SHA256 like every Aliyun call (decision 098). The reply's `Data` is a JSON text:
 * `data.face.data` {name, idNumber, …} for the portrait side, `data.back.data` {issueAuthority, validPeriod} for the
 * emblem side, `data` {companyName, creditCode, legalPerson, …} for a licence. A side that is absent, empty fields,
 * or a number failing its check (GB 11643, GB 32100) is UNREADABLE, as is an error reply about the image; any other
 * failure is UNAVAILABLE. Logs carry the code and request id only, never what was read.
 */
export class AliyunOcrProvider implements OcrProvider {
  private readonly client: OcrApi;

  constructor(
    config: AliyunIdentityConfig,
    private readonly log: IdentityLog = warnLog,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.client = new OcrClient(aliyunClientConfig(config, config.ocrEndpoint));
  }

  private async recognize(action: "RecognizeIdcard" | "RecognizeBusinessLicense", image: IdentityImage) {
    const body = Readable.from(Buffer.from(image.bytes));
    const reply = await callAliyun(
      `ocr ${action}`,
      this.log,
      () =>
        action === "RecognizeIdcard"
          ? this.client.recognizeIdcard(new RecognizeIdcardRequest({ body }))
          : this.client.recognizeBusinessLicense(new RecognizeBusinessLicenseRequest({ body })),
      imageOrService,
    );
    try {
      return JSON.parse(reply.body?.data ?? "") as unknown;
    } catch {
      const code = reply.body?.code || "NO_DATA";
      throw refusedReply(`ocr ${action}`, this.log, code, reply.body?.requestId, imageOrService(code));
    }
  }

  async readIdCardFront(image: IdentityImage): Promise<IdCardFrontText> {
    const face = field(await this.recognize("RecognizeIdcard", image), "data", "face", "data");
    const name = text(field(face, "name"));
    const checked = checkIdNumber(text(field(face, "idNumber")), this.now());
    if (!name || !checked.ok) throw new IdentityProviderError("UNREADABLE", "no portrait side with a valid ID number");
    return { name, idNumber: checked.idNumber };
  }

  async readIdCardBack(image: IdentityImage): Promise<IdCardBackText> {
    const back = field(await this.recognize("RecognizeIdcard", image), "data", "back", "data");
    const issuedBy = text(field(back, "issueAuthority"));
    const validPeriod = text(field(back, "validPeriod"));
    if (!issuedBy || !validPeriod) throw new IdentityProviderError("UNREADABLE", "no emblem side");
    return { issuedBy, validPeriod };
  }

  async readBusinessLicence(image: IdentityImage): Promise<BusinessLicenceText> {
    const data = field(await this.recognize("RecognizeBusinessLicense", image), "data");
    const companyName = text(field(data, "companyName"));
    const legalRepresentative = text(field(data, "legalPerson"));
    const checked = checkCreditCode(text(field(data, "creditCode")));
    if (!companyName || !legalRepresentative || !checked.ok)
      throw new IdentityProviderError("UNREADABLE", "no licence with a valid credit code");
    return { companyName, creditCode: checked.creditCode, legalRepresentative };
  }
}
