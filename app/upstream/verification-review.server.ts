import {
  reviewFilePath,
  type ReviewDecideFields,
  type ReviewDetailWire,
  type ReviewItemWire,
  type ReviewQueueFields,
  type ReviewRevealWire,
} from "../../platform/contract/verification-review";
import type { PageWire } from "../../platform/contract/page";
import { readReply, refusalOf, staffRequest } from "./desk-files.server";
import { staffCall, type StaffAuth } from "./desk.server";
import { sendToPlatform } from "./transport.server";

export type { ReviewDetailWire, ReviewItemWire, ReviewRevealWire };
export {
  VERIFICATION_FILE_PURPOSE_LABELS,
  VERIFICATION_METHOD_LABELS,
  VERIFICATION_STATUS_LABELS,
} from "../../platform/contract/verification";

/** The desk's review calls (platform/contract/verification-review.ts), reviewers, leads and admins only. */
export const getReviewQueue = (auth: StaffAuth, filter: ReviewQueueFields): Promise<PageWire<ReviewItemWire>> =>
  staffCall("/verification/queue", filter, auth);

export const getReviewDetail = (auth: StaffAuth, id: number): Promise<ReviewDetailWire> =>
  staffCall("/verification/detail", { id }, auth);

/** The whole values, after the platform wrote the reveal (with its reason) to the audit log. */
export const revealReviewEntry = (auth: StaffAuth, id: number, reason: string): Promise<ReviewRevealWire> =>
  staffCall("/verification/reveal", { id, reason }, auth);

/** The values again while the reveal `revealId` is good (the page after a reveal); each showing is audited. */
export const revealedReviewEntry = (auth: StaffAuth, id: number, revealId: number): Promise<ReviewRevealWire> =>
  staffCall("/verification/revealed", { id, reveal_id: revealId }, auth);

export const decideReviewEntry = (auth: StaffAuth, fields: ReviewDecideFields): Promise<ReviewDetailWire> =>
  staffCall("/verification/decide", fields, auth);

/**
 * One file of an application as the platform serves it to the reviewer who revealed it (no-store); throws
 * UpstreamError (NOT_FOUND, PERMISSION_DENIED, or a dead staff session) otherwise.
 */
export async function fetchReviewFile(auth: StaffAuth, entryId: number, fileId: number, revealId: number) {
  const path = reviewFilePath(entryId, fileId, revealId);
  const [request, headers] = staffRequest(auth, path, { method: "GET" });
  const response = await sendToPlatform(request, headers);
  const json = (response.headers.get("content-type") ?? "").startsWith("application/json");
  if (response.ok && !json) return response;
  throw refusalOf(response, await readReply(response), path);
}
