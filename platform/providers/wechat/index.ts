import type { PlatformConfig } from "../../config";
import { OfficialWechatProvider } from "./official";
import { SandboxWechatProvider } from "./sandbox";
import type { WechatProvider } from "./types";

/** WECHAT_PROVIDER: the sandbox page (the default outside production) or the official account's API. */
export function createWechatProvider(
  config: Pick<PlatformConfig, "wechatLogin" | "payments">,
  now?: () => Date,
): WechatProvider {
  const wechat = config.wechatLogin ?? { provider: "sandbox" };
  return wechat.provider === "official"
    ? new OfficialWechatProvider(wechat.official, now)
    : new SandboxWechatProvider(config.payments.publicUrl);
}
