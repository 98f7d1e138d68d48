import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { withSecurityHeaders } from "~/render/security-headers.server";
import { getMessages } from "~/upstream/notices.server";
import { loadFeed } from "~/utils/feed.server";

/** The messages dropdown's content, loaded when it opens. */
export function loader({ request }: LoaderFunctionArgs) {
  return withSecurityHeaders(async () => json(await loadFeed(request, (token) => getMessages(token, 1, 5))));
}
