/**
 * Aliyun OCR (RecognizeIdcard, RecognizeBusinessLicense) against the local fake (tests/support/fake-aliyun-identity.ts),
 * which recomputes each request's ACS3-HMAC-SHA256 signature from the secret and checks its fields.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeAliyunIdentity, type FakeAliyunIdentity } from "../../../tests/support/fake-aliyun-identity";
import { captureConsole } from "../../../tests/support/capture-console";
import {
  FAKE_ALIYUN_KEY_ID,
  FAKE_ALIYUN_SECRET,
  FAKE_FACE_SCENE_ID,
  fakeAliyunIdentityConfig,
} from "../../../tests/support/aliyun-identity-env";
import { AliyunOcrProvider } from "./aliyun-ocr";

let fake: FakeAliyunIdentity;
let lines: string[] = [];
const TODAY = new Date("2026-11-28T12:00:00Z");
const ocr = (secret?: string) =>
  new AliyunOcrProvider(
    fakeAliyunIdentityConfig(fake.url, { accessKeySecret: secret }),
    (line) => lines.push(line),
    () => TODAY,
  );
const image = (content: string) => ({
  bytes: new TextEncoder().encode(`\x89PNG fake ${content}`),
  contentType: "image/png",
  fileName: "idcard-front-李雷-440304199211201238.png", // the sandbox's pattern: ignored by the real adapter
});
const FRONT = image("front");
const BACK = image("back");
const LICENCE = image("licence");
const BAD_NUMBER = image("front with a bad number");

beforeAll(async () => {
  fake = await startFakeAliyunIdentity({ [FAKE_ALIYUN_KEY_ID]: FAKE_ALIYUN_SECRET }, { sceneId: FAKE_FACE_SCENE_ID });
  fake.setImage(FRONT.bytes, {
    data: { face: { data: { name: "张三", sex: "男", idNumber: "110101199003078515", address: "北京市东城区" } } },
    ftype: 0,
  });
  fake.setImage(BACK.bytes, {
    data: { back: { data: { issueAuthority: "北京市公安局东城分局", validPeriod: "2015.03.01-2035.03.01" } } },
  });
  fake.setImage(LICENCE.bytes, {
    data: {
      companyName: "演示算力科技有限公司",
      creditCode: "91110108MA01C3XY29",
      legalPerson: "李四",
      title: "营业执照",
    },
  });
  fake.setImage(BAD_NUMBER.bytes, { data: { face: { data: { name: "张三", idNumber: "110101199003078514" } } } });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
  lines = [];
  vi.restoreAllMocks();
});

describe("AliyunOcrProvider", () => {
  it("reads the portrait side with RecognizeIdcard: signed, version 2021-07-07, the image as the body", async () => {
    await expect(ocr().readIdCardFront(FRONT)).resolves.toEqual({ name: "张三", idNumber: "110101199003078515" });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ action: "RecognizeIdcard", accepted: true });
    expect(request!.raw).toContain("x-acs-version: 2021-07-07");
    expect(request!.raw).toContain("content-type: application/octet-stream");
    expect(request!.raw).toContain(`Credential=${FAKE_ALIYUN_KEY_ID},`);
  });

  it("reads the emblem side and a business licence", async () => {
    await expect(ocr().readIdCardBack(BACK)).resolves.toEqual({
      issuedBy: "北京市公安局东城分局",
      validPeriod: "2015.03.01-2035.03.01",
    });
    await expect(ocr().readBusinessLicence(LICENCE)).resolves.toEqual({
      companyName: "演示算力科技有限公司",
      creditCode: "91110108MA01C3XY29",
      legalRepresentative: "李四",
    });
    expect(fake.requests.map((r) => [r.action, r.accepted])).toEqual([
      ["RecognizeIdcard", true],
      ["RecognizeBusinessLicense", true],
    ]);
  });

  it("is unreadable for the other side, a number failing GB 11643, or an image Aliyun refuses", async () => {
    await expect(ocr().readIdCardFront(BACK)).rejects.toMatchObject({ code: "UNREADABLE" });
    await expect(ocr().readIdCardBack(FRONT)).rejects.toMatchObject({ code: "UNREADABLE" });
    await expect(ocr().readIdCardFront(BAD_NUMBER)).rejects.toMatchObject({ code: "UNREADABLE" });
    await expect(ocr().readBusinessLicence(FRONT)).rejects.toMatchObject({ code: "UNREADABLE" });
    await expect(ocr().readIdCardFront(image("not registered"))).rejects.toMatchObject({
      name: "IdentityProviderError",
      code: "UNREADABLE",
    });
    expect(lines.join("\n")).toContain("code=unmatchedImageType http=400");
  });

  it("is unavailable when the signature is refused, on a server error, or when Aliyun cannot be reached", async () => {
    await expect(ocr(`${FAKE_ALIYUN_SECRET}x`).readIdCardFront(FRONT)).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect(fake.requests).toEqual([expect.objectContaining({ accepted: false, refusal: "SignatureDoesNotMatch" })]);
    fake.failNext("RecognizeIdcard", { status: 500, code: "InternalError", message: "服务内部错误" });
    await expect(ocr().readIdCardFront(FRONT)).rejects.toMatchObject({ code: "UNAVAILABLE" });
    const away = new AliyunOcrProvider(fakeAliyunIdentityConfig("http://127.0.0.1:9"), (line) => lines.push(line));
    await expect(away.readIdCardFront(FRONT)).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect(lines.join("\n")).toMatch(
      /code=SignatureDoesNotMatch http=400[\s\S]*code=InternalError http=500[\s\S]*code=ECONNREFUSED/,
    );
  });

  it("never logs nor puts in an error what it read, nor the key", async () => {
    captureConsole(lines);
    const ocr = (secret?: string) =>
      new AliyunOcrProvider(fakeAliyunIdentityConfig(fake.url, { accessKeySecret: secret }), undefined, () => TODAY);
    fake.failNext("RecognizeIdcard", { status: 400, code: "illegalImageContent", message: "张三 110101199003078515" });
    const errors = await Promise.all([
      ocr()
        .readIdCardFront(FRONT)
        .catch(() => null),
      ocr()
        .readIdCardFront(FRONT)
        .catch((e: Error) => e.message),
      ocr()
        .readIdCardFront(BAD_NUMBER)
        .catch((e: Error) => e.message),
      ocr(`${FAKE_ALIYUN_SECRET}x`)
        .readIdCardFront(FRONT)
        .catch((e: Error) => e.message),
    ]);
    const said = [...lines, ...errors.map(String)].join("\n");
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const secret of ["张三", "110101199003078515", "110101199003078514", FAKE_ALIYUN_SECRET])
      expect(said).not.toContain(secret);
  });
});
