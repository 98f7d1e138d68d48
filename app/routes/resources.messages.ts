import type { LoaderFunctionArgs } from "@remix-run/node";
import { getMessages } from "~/upstream/notices.server";
import { getSessionToken } from "~/utils/session.server";

/** The messages dropdown's content, loaded when it opens. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await getSessionToken(request);
  if (!token) throw new Response("未登录", { status: 401 });
  const page = await getMessages(token, 1, 5);
  return { list: page.list, unread: page.unread ?? 0 };
}
