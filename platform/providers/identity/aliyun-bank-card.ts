import type CloudauthApi from "@alicloud/cloudauth20190307";
import { BankMetaVerifyRequest } from "@alicloud/cloudauth20190307";
import type { AliyunIdentityConfig } from "../../config";
import { callAliyun, refusedReply, warnLog, type IdentityLog } from "./aliyun-call";
import { cloudauthClient } from "./aliyun-cloudauth";
import type { BankCardElements, BankCardProvider, BankCardResult } from "./types";

/** BizCode of BankMetaVerify (VERIFY_BANK_CARD): 1 all four agree, 2 they do not, 3 the bank has no record. */
const MISMATCH: Record<string, string> = {
  "2": "银行卡号与姓名、身份证号或预留手机号不一致，请核对",
  "3": "查无此银行卡的记录，请核对卡号或更换银行卡",
};

/**
 * Aliyun's bank card four-element check (银行卡核验, Cloudauth 2019-03-07 BankMetaVerify, ProductType
 * BANK_CARD_4_META, VerifyMode VERIFY_BANK_CARD, ParamType normal) through Aliyun's SDK. Code 200 with BizCode 1
 * is a match, 2 or 3 a mismatch the user is told about; Code 401 (a parameter Aliyun refuses) is REFUSED, anything
 * else UNAVAILABLE. Logs carry codes and request ids only, never the elements.
 */
export class AliyunBankCardProvider implements BankCardProvider {
  private readonly client: CloudauthApi;

  constructor(
    config: AliyunIdentityConfig,
    private readonly log: IdentityLog = warnLog,
  ) {
    this.client = cloudauthClient(config);
  }

  async verify(elements: BankCardElements): Promise<BankCardResult> {
    const request = new BankMetaVerifyRequest({
      paramType: "normal",
      productType: "BANK_CARD_4_META",
      verifyMode: "VERIFY_BANK_CARD",
      userName: elements.name,
      identifyNum: elements.idNumber,
      bankCard: elements.cardNumber,
      mobile: elements.phone,
    });
    const reply = await callAliyun("cloudauth BankMetaVerify", this.log, () => this.client.bankMetaVerify(request));
    const body = reply.body;
    const code = body?.code ?? "NO_CODE";
    const bizCode = body?.resultObject?.bizCode ?? "";
    if (code === "200" && bizCode === "1") return { match: true };
    if (code === "200" && MISMATCH[bizCode]) return { match: false, reason: MISMATCH[bizCode] };
    throw refusedReply(
      "cloudauth BankMetaVerify",
      this.log,
      code,
      body?.requestId,
      code === "401" ? "REFUSED" : "UNAVAILABLE",
    );
  }
}
