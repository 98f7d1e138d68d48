/**
 * Refusals that anyone on the internet can cause at will (a POST to a page
 * without an action, a GET of a route that only takes posts, a form from
 * another origin) are logged as one line, not
 * a stack trace, and sampled: at most one line per kind every 10 seconds,
 * which carries how many like it were left out (docs/decisions/027).
 */
export type RefusalKind = "cross-origin" | "no-action" | "no-loader" | "no-route";

export const SAMPLE_WINDOW_MS = 10_000;

interface Window {
  until: number;
  suppressed: number;
}

const windows = new Map<RefusalKind, Window>();

export function logRefusal(
  kind: RefusalKind,
  request: Request,
  now: number = Date.now(),
  write: (line: string) => void = console.warn,
): void {
  const open = windows.get(kind);
  if (open && now < open.until) {
    open.suppressed += 1;
    return;
  }
  const url = new URL(request.url);
  const left = open?.suppressed ? `; ${open.suppressed} more like it in the last ${SAMPLE_WINDOW_MS / 1000} s` : "";
  write(`refused ${kind}: ${request.method} ${url.pathname}${left}`);
  windows.set(kind, { until: now + SAMPLE_WINDOW_MS, suppressed: 0 });
}

/** Forgets the sampling windows (tests). */
export function resetRefusalLog(): void {
  windows.clear();
}

const CSRF_MESSAGES = [
  "header does not match `origin` header",
  "`x-forwarded-host` or `host` headers are not provided",
];

/** The kind of an error Remix reports that is a refusal of the request, not a fault of ours. */
export function refusalKind(error: unknown): RefusalKind | null {
  if (error instanceof Error && CSRF_MESSAGES.some((m) => error.message.includes(m))) return "cross-origin";
  if (isInternalErrorResponse(error)) {
    if (error.status === 405) return "no-action";
    if (error.status === 400 && String(error.data).includes("did not provide a `loader`")) return "no-loader";
    if (error.status === 404) return "no-route";
  }
  return null;
}

/** Remix's own 404/405 answers: an ErrorResponse that carries the router's explanation in `error`. */
function isInternalErrorResponse(error: unknown): error is { status: number; internal: true; data: unknown } {
  return (
    typeof error === "object" &&
    error !== null &&
    "status" in error &&
    typeof error.status === "number" &&
    "internal" in error &&
    error.internal === true
  );
}
