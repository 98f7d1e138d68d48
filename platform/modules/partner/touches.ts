import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { rowsOf } from "../finance/rows";

/**
 * Records a visitor's first touch of a partner's referral link (decision 114): a row with a random id, which the
 * browser keeps in an httpOnly cookie. `signedInUserId` is the main account the browser is signed in to, if any
 * (that browser is then that account's device). An unknown code answers null and records nothing.
 */
export async function recordTouch(
  ctx: Pick<Ctx, "db" | "now">,
  input: { code: string; signedInUserId: number | null; signedInSubAccountId: number | null },
): Promise<string | null> {
  const id = randomBytes(16).toString("hex");
  const [row] = await rowsOf<{ id: string }>(
    ctx.db,
    sql`insert into referral_touches (id, partner_user_id, signed_in_user_id, signed_in_sub_account_id, created_at)
        select ${id}, user_id, ${input.signedInUserId}, ${input.signedInSubAccountId}, ${ctx.now().toISOString()}::timestamptz
        from sales_partners where code = ${input.code.toUpperCase()}
        returning id`,
  );
  return row?.id ?? null;
}
