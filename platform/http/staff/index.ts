import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_BODY_BYTES } from "../../contract/limits";
import { DomainError } from "../../modules/errors";
import type { Env } from "../context";
import { mainApiError, UNKNOWN_PATH } from "../errors-reply";
import { staffAuthApi } from "./auth";
import { deskContentApi } from "./content";
import { deskCatalogueApi } from "./desk-catalogue";
import { deskFilesApi } from "./desk-files";
import { deskOrdersApi } from "./desk-orders";
import { deskQueueApi } from "./desk-queue";
import { invoiceDeskApi, invoiceDeskUploadApi } from "./invoice-desk";
import { marketingDeskApi } from "./marketing-desk";
import { softwareReleaseDeskApi, softwareReleaseUploadApi } from "./software-releases";
import { verificationReviewApi } from "./verification-review";

/**
 * /staff: the desk's calls (docs/decisions/039). The main API's envelope and
 * error replies; the caller is named by the staff token header.
 */
export function staffApi(): Hono<Env> {
  const staff = new Hono<Env>();
  staff.route("/", deskFilesApi); // its own body limit (10 MB), ahead of the 64 KB one below
  staff.route("/", softwareReleaseUploadApi); // its own body limit (200 MB), likewise
  staff.route("/", deskContentApi); // its own body limit (1 MB: a long markdown body), ahead of the 64 KB one
  staff.route("/", invoiceDeskUploadApi); // its own body limit (10 MB: the invoice PDF), likewise
  staff.use(
    "*",
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => mainApiError(c, new DomainError("PAYLOAD_TOO_LARGE")) }),
  );
  staff.route("/", staffAuthApi);
  staff.route("/", deskQueueApi);
  staff.route("/", deskOrdersApi);
  staff.route("/", deskCatalogueApi);
  staff.route("/", softwareReleaseDeskApi);
  staff.route("/", verificationReviewApi);
  staff.route("/", invoiceDeskApi);
  staff.route("/", marketingDeskApi);
  staff.onError((error, c) => mainApiError(c, error));
  staff.notFound((c) => mainApiError(c, UNKNOWN_PATH, 404));
  return staff;
}
