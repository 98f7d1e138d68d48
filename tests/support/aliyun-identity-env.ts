/**
 * The identity variables of a production configuration (decision 098): production refuses the sandbox identity
 * provider, so every production fixture carries these, with Aliyun's endpoints pointed at a port nothing listens
 * on (no fixture verifies anyone). The keys are the fixture's ALIYUN_ACCESS_KEY_ID/SECRET.
 */
export function productionIdentityEnv(): Record<string, string> {
  return {
    IDENTITY_PROVIDER: "aliyun",
    ALIYUN_FACE_SCENE_ID: "1000000006",
    ALIYUN_OCR_ENDPOINT: "http://127.0.0.1:9",
    ALIYUN_CLOUDAUTH_ENDPOINT: "http://127.0.0.1:9",
  };
}

/** Test keys and scene of the Aliyun identity adapters' tests against the local fake. */
export const FAKE_ALIYUN_KEY_ID = "LTAI5tFakeIdentityKey";
export const FAKE_ALIYUN_SECRET = "fAkE-IdEnTiTy-SeCrEt-0123456789ab";
export const FAKE_FACE_SCENE_ID = 1000000006;

/** The adapters' configuration for a fake at `url` (both APIs on it). */
export const fakeAliyunIdentityConfig = (url: string, overrides: { accessKeySecret?: string } = {}) => ({
  accessKeyId: FAKE_ALIYUN_KEY_ID,
  accessKeySecret: overrides.accessKeySecret ?? FAKE_ALIYUN_SECRET,
  ocrEndpoint: new URL(url),
  cloudauthEndpoint: new URL(url),
  faceSceneId: FAKE_FACE_SCENE_ID,
});
