import { and, eq, isNull } from "drizzle-orm";
import { users } from "../db/schema";
import type { Ctx } from "../modules/context";
import { fail } from "../modules/errors";

/** The open main account with this phone, for commands that name an account (`--user 13800000000`). */
export async function findAccountByPhone(ctx: Ctx, phone: string): Promise<{ id: number; phone: string }> {
  const [account] = await ctx.db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.closedAt)))
    .limit(1);
  return account ?? fail("ACCOUNT_NOT_FOUND", "user");
}
