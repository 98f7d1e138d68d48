/**
 * How long a face liveness session is offered (the link, the QR code), for every provider: the verification page
 * stops waiting then and the user starts again. Aliyun's own certify link lives longer; ours is the shorter bound.
 */
export const FACE_SESSION_TTL_MS = 10 * 60_000;

export const faceSessionExpiry = (now: Date): Date => new Date(now.getTime() + FACE_SESSION_TTL_MS);
