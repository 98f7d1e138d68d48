import { randomBytes } from "node:crypto";
import type CloudauthApi from "@alicloud/cloudauth20190307";
import { DescribeFaceVerifyRequest, InitFaceVerifyRequest } from "@alicloud/cloudauth20190307";
import type { AliyunIdentityConfig } from "../../config";
import { callAliyun, refusedReply, warnLog, type IdentityLog } from "./aliyun-call";
import { cloudauthClient } from "./aliyun-cloudauth";
import { faceSessionExpiry } from "./face-session";
import type { FaceProvider, FaceResult, FaceSession } from "./types";

/**
 * The device description InitFaceVerify asks for (MetaInfo). Aliyun's web SDK reads it in the browser that will do
 * the check (getMetaInfo()); here the link is opened on a phone the platform never saw, so the adapter describes an
 * H5 client, as the certify link (CertifyUrlType H5) is one. To be confirmed against the account's scene (decision 098).
 */
export const H5_META_INFO = JSON.stringify({ deviceType: "h5" });

/** Cloudauth Codes (the reply's, with HTTP 200) that refuse the person rather than fail the service. */
const REFUSING_START = new Set(["401", "417", "418"]);
/** DescribeFaceVerify: the user has not finished (not started, abandoned, in progress). */
const NOT_FINISHED = new Set(["403", "424"]);

/** What the user is told when the check did not pass (ResultObject.SubCode). */
const FAILED_REASONS: Record<string, string> = {
  "201": "姓名和身份证号不一致",
  "202": "查询不到身份信息，请改用其他认证方式",
  "203": "查询不到证件照片，请改用其他认证方式",
  "204": "人脸与证件照片比对不一致",
  "205": "活体检测未通过，请本人重新操作",
  "206": "认证受业务策略限制，请稍后再试",
  "207": "人脸与身份证照片比对不一致",
};
const ENDED: Record<string, string> = {
  "406": "人脸核验会话不存在，请重新发起",
  "418": "今日刷脸认证次数过多，请明天再试",
  "427": "认证受业务策略限制，请稍后再试",
};

/**
 * Aliyun 金融级实人认证 through Aliyun's SDK (Cloudauth 2019-03-07), the H5 flow: InitFaceVerify (ProductCode
 * ID_PRO, Model LIVENESS, the person's name and ID number, CertifyUrlType H5) answers a CertifyId and the certify
 * link the phone opens; DescribeFaceVerify answers the result: Code 424/403 is "not finished yet" (pending),
 * Code 200 with Passed T passed, F failed with the reason of its SubCode. Logs carry codes and request ids only.
 */
export class AliyunFaceProvider implements FaceProvider {
  private readonly client: CloudauthApi;

  constructor(
    private readonly config: AliyunIdentityConfig,
    /** Where the phone is sent back after the check: the verification page of this site. */
    private readonly returnUrl: string,
    private readonly log: IdentityLog = warnLog,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.client = cloudauthClient(config);
  }

  async start(person: { name: string; idNumber: string }): Promise<FaceSession> {
    const request = new InitFaceVerifyRequest({
      sceneId: this.config.faceSceneId,
      outerOrderNo: randomBytes(16).toString("hex"),
      productCode: "ID_PRO",
      model: "LIVENESS",
      certType: "IDENTITY_CARD",
      certName: person.name,
      certNo: person.idNumber,
      certifyUrlType: "H5",
      returnUrl: this.returnUrl,
      metaInfo: H5_META_INFO,
    });
    const reply = await callAliyun("cloudauth InitFaceVerify", this.log, () => this.client.initFaceVerify(request));
    const body = reply.body;
    const certifyId = body?.resultObject?.certifyId;
    const url = body?.resultObject?.certifyUrl;
    if (body?.code === "200" && certifyId && url && /^https?:\/\//.test(url))
      return { sessionId: certifyId, url, expiresAt: faceSessionExpiry(this.now()) };
    const code = body?.code ?? "NO_CODE";
    throw refusedReply(
      "cloudauth InitFaceVerify",
      this.log,
      code,
      body?.requestId,
      REFUSING_START.has(code) ? "REFUSED" : "UNAVAILABLE",
    );
  }

  async result(sessionId: string): Promise<FaceResult> {
    const request = new DescribeFaceVerifyRequest({ sceneId: this.config.faceSceneId, certifyId: sessionId });
    const reply = await callAliyun("cloudauth DescribeFaceVerify", this.log, () =>
      this.client.describeFaceVerify(request),
    );
    const body = reply.body;
    const code = body?.code ?? "NO_CODE";
    if (NOT_FINISHED.has(code)) return { state: "pending" };
    if (ENDED[code]) return { state: "failed", reason: ENDED[code] };
    const passed = body?.resultObject?.passed;
    if (code === "200" && passed === "T") return { state: "passed" };
    if (code === "200" && passed === "F")
      return { state: "failed", reason: FAILED_REASONS[body?.resultObject?.subCode ?? ""] ?? "人脸核验未通过" };
    throw refusedReply("cloudauth DescribeFaceVerify", this.log, code, body?.requestId, "UNAVAILABLE");
  }
}
