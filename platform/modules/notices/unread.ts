import { resolveSessionWithAccount } from "../accounts/sessions";
import type { Ctx } from "../context";

export interface UnreadState {
  notifications_unread: number;
  messages_unread: number;
}

/** The bar's unread counts, read with the session in one query (the lists load when a dropdown opens). */
export async function unreadState(ctx: Ctx, token: string | undefined): Promise<UnreadState> {
  const { unread } = await resolveSessionWithAccount(ctx, token, { withUnread: true });
  return { notifications_unread: unread.notifications, messages_unread: unread.messages };
}
