import { type UpstreamError } from "~/upstream/transport.server";
import { BUSY_TEXT } from "./upstream-errors.server";

/**
 * What the web tier's two file routes share (the users' work-order-files.$id.ts
 * and the desk's desk_.files.$id.ts): the platform's answer passed on with its
 * own headers, one 404 for every file the viewer may not see, and a fault
 * logged and answered as busy.
 */

/** The headers of the platform's answer that the browser gets (type, length, disposition, nosniff, CSP, caching). */
const PASSED_ON = [
  "content-type",
  "content-length",
  "content-disposition",
  "x-content-type-options",
  "content-security-policy",
  "cache-control",
  "cross-origin-resource-policy",
];

/** A file id as the routes take it: a positive integer, else no such file. */
export const isFileId = (raw: string) => /^[1-9]\d{0,15}$/.test(raw);

export const fileNotFound = () =>
  new Response("附件不存在或无权访问", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

/** The platform's file answer for the browser: its body and the headers above; it differs per cookie. */
export function passFile(served: Response): Response {
  const headers = new Headers({ Vary: "Cookie" });
  for (const name of PASSED_ON) {
    const value = served.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(served.body, { status: 200, headers });
}

/** A refusal of the platform as the file routes answer it: a fault is logged and busy, anything else 404. */
export function fileRefusal(route: string, error: UpstreamError): Response {
  if (error.kind === "fault") {
    console.error(`[${route}] ${error.key} (HTTP ${error.httpStatus}) ${error.reason}`);
    return new Response(BUSY_TEXT, { status: error.key === "DATABASE" ? 503 : 500 });
  }
  return fileNotFound();
}
