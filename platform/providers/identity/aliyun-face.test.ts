/**
 * Aliyun face liveness (Cloudauth InitFaceVerify / DescribeFaceVerify) against the local fake
 * (tests/support/fake-aliyun-identity.ts), which recomputes each request's ACS3-HMAC-SHA256 signature and checks
 * its fields.
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
import { AliyunFaceProvider } from "./aliyun-face";
import { FACE_SESSION_TTL_MS } from "./face-session";

let fake: FakeAliyunIdentity;
let lines: string[] = [];
const NOW = new Date("2026-11-28T12:00:00Z");
const RETURN_URL = "https://gpu.example.cn/console/verification";
const PERSON = { name: "张三", idNumber: "110101199003078515" };
const face = (secret?: string, url = fake.url) =>
  new AliyunFaceProvider(
    fakeAliyunIdentityConfig(url, { accessKeySecret: secret }),
    RETURN_URL,
    (line) => lines.push(line),
    () => NOW,
  );

beforeAll(async () => {
  fake = await startFakeAliyunIdentity({ [FAKE_ALIYUN_KEY_ID]: FAKE_ALIYUN_SECRET }, { sceneId: FAKE_FACE_SCENE_ID });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
  lines = [];
  vi.restoreAllMocks();
});

describe("AliyunFaceProvider", () => {
  it("starts with InitFaceVerify (ID_PRO, LIVENESS, H5 link): the certify link and id, expiring in 10 minutes", async () => {
    const session = await face().start(PERSON);
    expect(session.sessionId).toMatch(/^[0-9a-f]{32}$/);
    expect(session.url).toBe(`https://m.alicdn.example/certify?certifyId=${session.sessionId}`);
    expect(session.expiresAt.getTime() - NOW.getTime()).toBe(FACE_SESSION_TTL_MS);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      action: "InitFaceVerify",
      accepted: true,
      params: {
        SceneId: String(FAKE_FACE_SCENE_ID),
        ProductCode: "ID_PRO",
        Model: "LIVENESS",
        CertType: "IDENTITY_CARD",
        CertName: "张三",
        CertNo: "110101199003078515",
        CertifyUrlType: "H5",
        ReturnUrl: RETURN_URL,
      },
    });
    expect(fake.requests[0]!.params.OuterOrderNo).toMatch(/^[0-9a-f]{32}$/);
    expect(fake.requests[0]!.raw).toContain("x-acs-version: 2019-03-07");
  });

  it("polls DescribeFaceVerify: pending until finished, then passed; or failed with the reason of its SubCode", async () => {
    const passing = await face().start(PERSON);
    await expect(face().result(passing.sessionId)).resolves.toEqual({ state: "pending" });
    fake.finishFace(passing.sessionId, true);
    await expect(face().result(passing.sessionId)).resolves.toEqual({ state: "passed" });

    const failing = await face().start(PERSON);
    fake.finishFace(failing.sessionId, false, "204");
    await expect(face().result(failing.sessionId)).resolves.toEqual({
      state: "failed",
      reason: "人脸与证件照片比对不一致",
    });
    expect(fake.requests.filter((r) => r.action === "DescribeFaceVerify")).toHaveLength(3);
    expect(fake.requests.every((r) => r.accepted)).toBe(true);
  });

  it("is refused by the fake when a signed field is changed, or the request is replayed", async () => {
    await face().start(PERSON);
    const signed = fake.requests[0]!;
    expect(signed.accepted).toBe(true);
    const {
      host: _host,
      connection: _connection,
      "content-length": _length,
      "transfer-encoding": _encoding,
      ...headers
    } = signed.headers;
    const resend = (url: string, nonce?: string) =>
      fetch(`${fake.url}${url}`, {
        method: "POST",
        headers: nonce ? { ...headers, "x-acs-signature-nonce": nonce } : headers,
        body: signed.body,
      });
    const otherPerson = signed.url.replace(encodeURIComponent(PERSON.idNumber), "110105198506150022");
    expect(otherPerson).not.toBe(signed.url);
    const tampered = await resend(otherPerson, "fresh-nonce-1");
    expect(((await tampered.json()) as { Code: string }).Code).toBe("SignatureDoesNotMatch");
    const replayed = await resend(signed.url);
    expect(((await replayed.json()) as { Code: string }).Code).toBe("SignatureNonceUsed");
  });

  it("an unknown certify id is a failed session", async () => {
    await expect(face().result("0".repeat(32))).resolves.toMatchObject({ state: "failed", reason: /不存在/ });
  });

  it("Aliyun refusing the person is REFUSED; a refused signature, a server error or no answer is UNAVAILABLE", async () => {
    fake.failNext("InitFaceVerify", { status: 200, code: "401", message: "参数非法" });
    await expect(face().start(PERSON)).rejects.toMatchObject({ name: "IdentityProviderError", code: "REFUSED" });
    fake.failNext("InitFaceVerify", { status: 200, code: "500", message: "系统错误" });
    await expect(face().start(PERSON)).rejects.toMatchObject({ code: "UNAVAILABLE" });
    await expect(face(`${FAKE_ALIYUN_SECRET}x`).start(PERSON)).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect(fake.requests.at(-1)).toMatchObject({ accepted: false, refusal: "SignatureDoesNotMatch" });
    fake.failNext("DescribeFaceVerify", { status: 503, code: "ServiceUnavailable", message: "busy" });
    await expect(face().result("0".repeat(32))).rejects.toMatchObject({ code: "UNAVAILABLE" });
    await expect(face(undefined, "http://127.0.0.1:9").start(PERSON)).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect(lines).toHaveLength(5);
  });

  it("never logs nor puts in an error the name, the ID number or the key", async () => {
    captureConsole(lines);
    const face = (secret?: string, url = fake.url) =>
      new AliyunFaceProvider(fakeAliyunIdentityConfig(url, { accessKeySecret: secret }), RETURN_URL);
    fake.failNext("InitFaceVerify", { status: 400, code: "InvalidParameter", message: `CertNo ${PERSON.idNumber}` });
    const errors = [
      await face()
        .start(PERSON)
        .catch((e: Error) => e.message),
      await face(`${FAKE_ALIYUN_SECRET}x`)
        .start(PERSON)
        .catch((e: Error) => e.message),
      await face(undefined, "http://127.0.0.1:9")
        .start(PERSON)
        .catch((e: Error) => e.message),
    ];
    expect(lines).toHaveLength(3);
    const said = [...lines, ...errors].join("\n");
    for (const secret of [PERSON.name, PERSON.idNumber, FAKE_ALIYUN_SECRET]) expect(said).not.toContain(secret);
    expect(said).toContain("code=InvalidParameter http=400");
  });
});
