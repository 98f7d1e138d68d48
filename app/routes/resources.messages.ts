import type { LoaderFunctionArgs } from "@remix-run/node";
import { getMessages } from "~/upstream/notices.server";
import { loadFeed } from "~/utils/feed.server";

/** The messages dropdown's content, loaded when it opens. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadFeed(request, (token) => getMessages(token, 1, 5));
}
