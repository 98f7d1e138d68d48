import { hashPassword } from "../modules/accounts/passwords";
import { DEMO } from "./demo-account";
import { DEMO_STAFF } from "./seed-staff";

/** The demo rows that carry a password: the account, its sub-account and each demo staff login. */
export type DemoLogin = "account" | "subAccount" | (typeof DEMO_STAFF)[number]["login"];

const PASSWORDS: Record<DemoLogin, string> = {
  account: DEMO.password,
  subAccount: DEMO.subAccount.password,
  ...(Object.fromEntries(DEMO_STAFF.map((s) => [s.login, s.password])) as Record<
    (typeof DEMO_STAFF)[number]["login"],
    string
  >),
};

export interface DemoPasswordHashes {
  /** Starts every hash at once (argon2 runs on libuv's threads, so they overlap each other and the database's start). */
  start(): void;
  /** The stored hash for one demo login: its own salt, the normal parameters (decision 004). */
  get(login: DemoLogin): Promise<string>;
}

/** Each demo password hashed at most once, when first needed or when `start` is called. */
export function demoPasswordHashes(): DemoPasswordHashes {
  const pending = new Map<DemoLogin, Promise<string>>();
  const get = (login: DemoLogin) => {
    let hash = pending.get(login);
    if (!hash) {
      hash = hashPassword(PASSWORDS[login]);
      pending.set(login, hash);
    }
    return hash;
  };
  return {
    start: () => {
      // A failure surfaces where the hash is awaited (the seed); here it is only marked handled.
      for (const login of Object.keys(PASSWORDS) as DemoLogin[]) get(login).catch(() => {});
    },
    get,
  };
}
