import type { CaptchaWire } from "../../contract/security";
import type { CaptchaChallenge } from "../../modules/security/captcha";

export const toCaptcha = (challenge: CaptchaChallenge): CaptchaWire => ({
  captcha_id: challenge.id,
  image: `data:image/svg+xml;base64,${Buffer.from(challenge.imageSvg).toString("base64")}`,
  pow: JSON.stringify(challenge.pow),
  expires_at: challenge.expiresAt.toISOString(),
});
