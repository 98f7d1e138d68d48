import type { Ctx } from "../modules/context";
import { releaseRetained } from "../modules/billing/retention";

/** Every minute: releases the stopped instances whose retention is over. */
export function runRetention(ctx: Ctx): Promise<number[]> {
  return releaseRetained(ctx);
}
