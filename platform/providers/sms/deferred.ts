import { loadOnFirstCall } from "../deferred";
import type { SmsProvider } from "./types";

/** An SMS provider loaded on its first message (../deferred.ts). */
export function deferredSmsProvider(load: () => Promise<SmsProvider>): SmsProvider {
  const provider = loadOnFirstCall(load);
  return {
    sendCode: async (message) => (await provider()).sendCode(message),
    sendNotice: async (notice) => (await provider()).sendNotice(notice),
  };
}
