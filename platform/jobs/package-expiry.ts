import type { Ctx } from "../modules/context";
import { expirePackages, notifyPackageExpiry } from "../modules/billing/packages";

/** Every minute: the 3-day and 1-day notices, then the stop of packages whose time is over. */
export async function runPackageExpiry(ctx: Ctx): Promise<{ notified: number[]; expired: number[] }> {
  const notified = await notifyPackageExpiry(ctx);
  const expired = await expirePackages(ctx);
  return { notified, expired };
}
