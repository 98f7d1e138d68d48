import { checkCreditCode, checkIdNumber } from "../../rules/identity-numbers";
import {
  IdentityProviderError,
  type BusinessLicenceText,
  type IdCardBackText,
  type IdCardFrontText,
  type IdentityImage,
  type OcrProvider,
} from "./types";

/**
 * The sandbox OCR (default outside production): it reads nothing from the pixels; its answer is derived from the
 * uploaded file's name, so a tester (and an end-to-end test) chooses what the "card" says. The name, without its
 * folder and extension, is read as:
 *
 *   idcard-front-<name>-<ID number>            portrait side: e.g. idcard-front-张三-110101199003078515.png
 *   idcard-back-<issued by>-<valid period>      emblem side:   e.g. idcard-back-北京市公安局东城分局-2015.03.01-2035.03.01.jpg
 *                                                              (the period's end may be 长期)
 *   licence-<company>-<credit code>-<legal representative>   e.g. licence-演示算力科技有限公司-91110108MA01C3XY29-李四.png
 *                                                              (license-… is read the same)
 *
 * A name containing "unreadable", an empty file, a pattern of another document (a licence given as an ID card's
 * side, the back given as the front), or a number the pattern carries that fails its check (GB 11643 for the ID
 * number, GB 32100 for the credit code) is IdentityProviderError("UNREADABLE"), as a real OCR refuses what it
 * cannot read. Any other name reads as the fixed sample below (a valid person, a valid company).
 */
export const SANDBOX_OCR_SAMPLE = {
  front: { name: "张三", idNumber: "110101199003078515" },
  back: { issuedBy: "北京市公安局东城分局", validPeriod: "2020.01.01-2040.01.01" },
  licence: { companyName: "演示算力科技有限公司", creditCode: "91110108MA01C3XY29", legalRepresentative: "李四" },
} as const;

const FRONT = /^idcard-front-(.+)-([0-9]{17}[0-9Xx])$/;
const BACK = /^idcard-back-(.+)-(\d{4}\.\d{2}\.\d{2}-(?:\d{4}\.\d{2}\.\d{2}|长期))$/;
const LICENCE = /^licen[cs]e-(.+)-([0-9A-Za-z]{18})-(.+)$/;
const ANY_PATTERN = /^(idcard-front|idcard-back|licen[cs]e)-/;

/** The file's own name, without folders (a browser may send C:\fakepath\…) and without its extension. */
export function sandboxOcrStem(fileName: string): string {
  const base = fileName.normalize("NFC").split(/[/\\]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}

const unreadable = (what: string) => new IdentityProviderError("UNREADABLE", `sandbox OCR: ${what}`);

export class SandboxOcrProvider implements OcrProvider {
  constructor(private readonly now: () => Date = () => new Date()) {}

  /** The stem to read, or UNREADABLE; `pattern` is the one this side expects. */
  private stem(image: IdentityImage, pattern: RegExp): { stem: string; match: RegExpExecArray | null } {
    const stem = sandboxOcrStem(image.fileName);
    if (image.bytes.length === 0) throw unreadable("the image is empty");
    if (/unreadable/i.test(stem)) throw unreadable("the test pattern asks for an unreadable image");
    const match = pattern.exec(stem);
    if (!match && ANY_PATTERN.test(stem)) throw unreadable("the image is another document or side");
    return { stem, match };
  }

  async readIdCardFront(image: IdentityImage): Promise<IdCardFrontText> {
    const { match } = this.stem(image, FRONT);
    if (!match) return { ...SANDBOX_OCR_SAMPLE.front };
    const checked = checkIdNumber(match[2]!, this.now());
    if (!checked.ok) throw unreadable("the ID number of the pattern fails GB 11643");
    return { name: match[1]!.trim(), idNumber: checked.idNumber };
  }

  async readIdCardBack(image: IdentityImage): Promise<IdCardBackText> {
    const { match } = this.stem(image, BACK);
    if (!match) return { ...SANDBOX_OCR_SAMPLE.back };
    return { issuedBy: match[1]!.trim(), validPeriod: match[2]! };
  }

  async readBusinessLicence(image: IdentityImage): Promise<BusinessLicenceText> {
    const { match } = this.stem(image, LICENCE);
    if (!match) return { ...SANDBOX_OCR_SAMPLE.licence };
    const checked = checkCreditCode(match[2]!);
    if (!checked.ok) throw unreadable("the credit code of the pattern fails GB 32100");
    return { companyName: match[1]!.trim(), creditCode: checked.creditCode, legalRepresentative: match[3]!.trim() };
  }
}
