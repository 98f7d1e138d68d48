import type { Db } from "../../db/client";
import type { PlatformConfig } from "../../config";
import { AliyunBankCardProvider } from "./aliyun-bank-card";
import { AliyunFaceProvider } from "./aliyun-face";
import { AliyunOcrProvider } from "./aliyun-ocr";
import { SandboxFaceProvider } from "./sandbox-face";
import { SandboxOcrProvider } from "./sandbox-ocr";
import type { BankCardProvider, IdentityProviders } from "./types";

/** Where the phone returns after a real face check: the verification page of the site. */
export const faceReturnUrl = (publicUrl: string): string => `${publicUrl}/console/verification`;

/**
 * The identity providers as configured (IDENTITY_PROVIDER, decision 098): the sandbox (default outside production,
 * refused in production by the configuration) or Aliyun. `bankCard` is the Aliyun adapter when configured so; for
 * the sandbox it is the one given (the sandbox bank card check lives with the verification module's part), and
 * without one the sandbox has none.
 */
export function createIdentityProviders(
  config: Pick<PlatformConfig, "identity" | "payments">,
  db: Db,
  options: { now?: () => Date; sandboxBankCard?: BankCardProvider } = {},
): Omit<IdentityProviders, "bankCard"> & { bankCard: BankCardProvider | undefined } {
  const now = options.now ?? (() => new Date());
  if (config.identity.provider === "aliyun") {
    const aliyun = config.identity.aliyun;
    return {
      ocr: new AliyunOcrProvider(aliyun, undefined, now),
      face: new AliyunFaceProvider(aliyun, faceReturnUrl(config.payments.publicUrl), undefined, now),
      bankCard: new AliyunBankCardProvider(aliyun),
    };
  }
  return {
    ocr: new SandboxOcrProvider(now),
    face: new SandboxFaceProvider(db, config.payments.publicUrl, now),
    bankCard: options.sandboxBankCard,
  };
}
