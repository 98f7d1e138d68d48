import { UpstreamError } from "~/upstream/transport.server";
import { redirectToLogin } from "./session.server";
import { toastHeader } from "./toast.server";
import { UPSTREAM_TIMEOUT_TEXT } from "./upstream-timeout";

/** What the 500 and 503 pages say; the cause goes to the log, never to the page. */
export const BUSY_TEXT = "服务繁忙，请稍后再试";

/**
 * The page's answer to a platform refusal (docs/decisions/021): a dead session
 * goes to /login?redirectTo=…, a missing record is a 404, a refused permission
 * a 403, a fault of the platform a 503 (its database) or 500 with the cause
 * logged, no answer within UPSTREAM_TIMEOUT_MS a 504, and any other refusal a
 * 400 with its reason.
 */
export async function upstreamErrorResponse(request: Request, error: UpstreamError): Promise<Response> {
  switch (error.kind) {
    case "session":
      return error.httpStatus === 401 ? deadTokenToLogin(request, error) : redirectToLogin(request, true);
    case "not-found":
      return new Response(error.reason, { status: 404 });
    case "forbidden":
      return new Response(error.reason, { status: 403 });
    case "fault":
      // Logged by the transport, which knows the call and the limit.
      if (error.key === "TIMEOUT") return new Response(UPSTREAM_TIMEOUT_TEXT, { status: 504 });
      console.error(
        `[upstream] ${new URL(request.url).pathname}: ${error.key} (HTTP ${error.httpStatus}) ${error.reason}`,
      );
      return new Response(BUSY_TEXT, { status: error.key === "DATABASE" ? 503 : 500 });
    case "refused":
      return new Response(error.reason, { status: 400 });
  }
}

/**
 * A dead token refused by /third-party (100031/100032, HTTP 401; spec §8):
 * its reason as a toast, then /login?redirectTo=<this page>, as for the main API.
 */
async function deadTokenToLogin(request: Request, error: UpstreamError): Promise<Response> {
  const response = await redirectToLogin(request, true);
  response.headers.append("Set-Cookie", await toastHeader({ type: "error", message: error.reason }));
  return response;
}

/**
 * Runs a loader's body so a platform refusal becomes the page's error response
 * (thrown, so the nearest error boundary shows it). Other errors pass through
 * to Remix, which logs them and answers 500. Called inside the loader
 * (`export async function loader`), so the route's client bundle, from which
 * Remix removes loaders, keeps no call to this server module.
 */
export async function loadPage<Result>(request: Request, load: () => Promise<Result>): Promise<Result> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof UpstreamError) throw await upstreamErrorResponse(request, error);
    throw error;
  }
}
