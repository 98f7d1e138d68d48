import { and, eq, isNull } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Ctx } from "../context";
import { fail } from "../errors";

/** The phone of an open main account (a code to "your own phone" goes there); a closed one's session is invalid. */
export async function ownPhoneOf(ctx: Pick<Ctx, "db">, userId: number): Promise<string> {
  const [account] = await ctx.db
    .select({ phone: users.phone })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.closedAt)));
  return account ? account.phone : fail("SESSION_INVALID");
}
