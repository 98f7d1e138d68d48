import type { Ctx } from "../modules/context";
import { purgeUnattachedFiles } from "../modules/uploads/files";

/** Deletes work-order uploads left unattached for a week (their rows, then their bytes in storage). */
export const purgeUnattachedUploads = (ctx: Ctx) => purgeUnattachedFiles(ctx);
