import type { Db } from "../db/client";
import type { PlatformConfig } from "../config";
import { OutboxSmsProvider } from "./sms/outbox";
import type { SmsProvider } from "./sms/types";

/** Everything the platform reaches outside itself through. */
export interface Providers {
  kind: "sandbox";
  sms: SmsProvider;
}

export function createProviders(config: Pick<PlatformConfig, "providers">, db: Db): Providers {
  switch (config.providers) {
    case "sandbox":
      return { kind: "sandbox", sms: new OutboxSmsProvider(db) };
  }
}
