/** The largest request body the platform reads (main API and third-party); larger bodies get PAYLOAD_TOO_LARGE. */
export const MAX_BODY_BYTES = 64 * 1024;
