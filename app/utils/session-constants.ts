/** Matches the platform's absolute session lifetime (docs/decisions/003-session-lifetimes.md). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;
