import type { Db } from "../../db/client";
import type { PlatformConfig } from "../../config";
import { deferredBankCardProvider, deferredFaceProvider, deferredOcrProvider } from "./deferred";
import { SandboxFaceProvider } from "./sandbox-face";
import { SandboxOcrProvider } from "./sandbox-ocr";
import type { BankCardProvider, IdentityProviders } from "./types";

/** Where the phone returns after a real face check: the verification page of the site. */
export const faceReturnUrl = (publicUrl: string): string => `${publicUrl}/console/verification`;

/**
 * The identity providers as configured (IDENTITY_PROVIDER, decision 098): the sandbox (default outside production,
 * refused in production by the configuration) or Aliyun. `bankCard` is the Aliyun adapter when configured so; for
 * the sandbox it is the one given (the sandbox bank card check lives with the verification module's part), and
 * without one the sandbox has none. The Aliyun adapters (and their SDKs) load on their first call (./deferred.ts).
 */
export function createIdentityProviders(
  config: Pick<PlatformConfig, "identity" | "payments">,
  db: Db,
  options: { now?: () => Date; sandboxBankCard?: BankCardProvider } = {},
): Omit<IdentityProviders, "bankCard"> & { bankCard: BankCardProvider | undefined } {
  const now = options.now ?? (() => new Date());
  if (config.identity.provider === "aliyun") {
    const aliyun = config.identity.aliyun;
    const returnUrl = faceReturnUrl(config.payments.publicUrl);
    return {
      ocr: deferredOcrProvider(
        async () => new (await import("./aliyun-ocr")).AliyunOcrProvider(aliyun, undefined, now),
      ),
      face: deferredFaceProvider(
        async () => new (await import("./aliyun-face")).AliyunFaceProvider(aliyun, returnUrl, undefined, now),
      ),
      bankCard: deferredBankCardProvider(
        async () => new (await import("./aliyun-bank-card")).AliyunBankCardProvider(aliyun),
      ),
    };
  }
  return {
    ocr: new SandboxOcrProvider(now),
    face: new SandboxFaceProvider(db, config.payments.publicUrl, now),
    bankCard: options.sandboxBankCard,
  };
}
