import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id at OWASP's minimum recommended profile (m = 19 MiB, t = 2, p = 1).
 * See docs/decisions/004-password-hashing.md.
 */
export const ARGON2_PARAMS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, not importable under isolatedModules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so a missing account is not revealed by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password-1");
  await verifyPassword(await dummyHash, password);
}
