/** Matches the platform's absolute session lifetime (docs/decisions/003-session-lifetimes.md). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** The name of the signed cookie that carries the platform token (app/utils/session.server.ts). */
export const SESSION_COOKIE_NAME = "gc_session";
