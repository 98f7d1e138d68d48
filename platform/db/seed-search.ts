import type { Db } from "./client";
import { indexMissingWorkOrderDocuments } from "../modules/work-orders/document-index";
import { contentSeedContext } from "./seed-content-context";

/**
 * The work orders' self-help documents in the site search (decision 074):
 * any the index misses, or whose entry is older than its last edit, indexed
 * on every start. Idempotent: a second start writes nothing.
 */
export async function seedWorkOrderHelpIndex(db: Db): Promise<void> {
  await indexMissingWorkOrderDocuments(contentSeedContext(db));
}
