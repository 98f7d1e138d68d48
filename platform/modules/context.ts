import type { Db } from "../db/client";
import type { Providers } from "../providers";

/** What every module operation receives: the database, the outside world and a clock. */
export interface Ctx {
  db: Db;
  providers: Providers;
  now: () => Date;
}

/** Who is calling: a main account, or one of its sub-accounts. */
export interface Caller {
  sessionId: number;
  userId: number;
  subAccountId: number | null;
}

/** A request's origin, for rate limits. */
export interface Origin {
  ip: string;
}
