import { deskFilePath } from "~/utils/desk-paths";

/** A work-order file's address in markdown: the users' route, `/work-order-files/<id>`. */
const USER_FILE_URL = /^\/work-order-files\/([1-9]\d{0,15})(?=$|[?#])/;

/**
 * The address staff follow for a URL of the text: a work-order file through
 * the desk's route (`/desk/files/<id>`, the staff session), anything else
 * unchanged. The editor's live preview at the desk uses it, as the server's
 * rendering of the thread does (deskMarkdownUrl in desk-markdown.server.ts).
 */
export function deskFileUrl(url: string): string {
  const file = USER_FILE_URL.exec(url);
  return file ? deskFilePath(Number(file[1])) : url;
}
