import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getMessages } from "~/upstream/notices.server";
import { loadFeed } from "~/utils/feed.server";

/** The messages dropdown's content, loaded when it opens. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadFeed(request, (token) => getMessages(token, 1, 5)));
}
