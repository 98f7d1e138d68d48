import { UpstreamError } from "~/upstream/transport.server";
import { getSessionToken } from "./session.server";

/**
 * The bar's dropdown feeds (notifications, messages). Remix revalidates them
 * after every action, including the logout or account closing that ends the
 * session: a caller without a live session gets an empty feed, never an error
 * that would replace the page.
 */
export async function loadFeed<T>(
  request: Request,
  fetchPage: (token: string) => Promise<{ list: T[]; unread?: number }>,
): Promise<{ list: T[]; unread: number }> {
  const token = await getSessionToken(request);
  if (!token) return { list: [], unread: 0 };
  try {
    const page = await fetchPage(token);
    return { list: page.list, unread: page.unread ?? 0 };
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 2) return { list: [], unread: 0 };
    throw error;
  }
}
