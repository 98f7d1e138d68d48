import { resolveSessionWithAccount } from "../accounts/sessions";
import type { Ctx, Visitor } from "../context";

/** Unread notifications and messages of the account. */
export interface UnreadCounts {
  notifications: number;
  messages: number;
}

/**
 * The bar's unread counts, read with the session in one query (the lists load
 * when a dropdown opens). Like getUserSnapshot, it takes the token: it is the
 * session lookup itself.
 */
export async function unreadState(
  ctx: Ctx,
  visitor: Visitor,
  input: { token: string | undefined },
): Promise<UnreadCounts> {
  const { unread } = await resolveSessionWithAccount(ctx, visitor, { token: input.token, withUnread: true });
  return unread;
}
