import type { Ctx } from "../modules/context";
import { purgeVerificationData } from "../modules/verification/retention";

/** Hourly: deletes verification files past their time and erases closed accounts' entries (decision 101). */
export const purgeVerificationFiles = (ctx: Ctx) => purgeVerificationData(ctx);
