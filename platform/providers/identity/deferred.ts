import { loadOnFirstCall } from "../deferred";
import type { BankCardProvider, FaceProvider, OcrProvider } from "./types";

/** The identity providers, each loaded on its first call (../deferred.ts). */
export function deferredOcrProvider(load: () => Promise<OcrProvider>): OcrProvider {
  const provider = loadOnFirstCall(load);
  return {
    readIdCardFront: async (image) => (await provider()).readIdCardFront(image),
    readIdCardBack: async (image) => (await provider()).readIdCardBack(image),
    readBusinessLicence: async (image) => (await provider()).readBusinessLicence(image),
  };
}

export function deferredFaceProvider(load: () => Promise<FaceProvider>): FaceProvider {
  const provider = loadOnFirstCall(load);
  return {
    start: async (person) => (await provider()).start(person),
    result: async (sessionId) => (await provider()).result(sessionId),
  };
}

export function deferredBankCardProvider(load: () => Promise<BankCardProvider>): BankCardProvider {
  const provider = loadOnFirstCall(load);
  return { verify: async (elements) => (await provider()).verify(elements) };
}
