import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";

/**
 * Solves a CAPTCHA's proof-of-work puzzle in the browser with Web Crypto
 * (ALTCHA v2, SHA-256) and returns the `captcha_pow` field: the base64 of
 * {challenge, solution}. Null when it cannot be solved (too old a browser).
 * Loaded only when a CAPTCHA is shown.
 */
export async function solveProofOfWork(pow: string, signal: AbortSignal): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const challenge = JSON.parse(pow) as Challenge;
  const controller = new AbortController();
  signal.addEventListener("abort", () => controller.abort());
  const solution = await solveChallenge({ challenge, deriveKey, controller });
  if (!solution || signal.aborted) return null;
  return btoa(JSON.stringify({ challenge, solution }));
}
