import type { Ctx } from "../modules/context";
import { deleteRetainedDisks, makeExpiredDisksReadOnly, warnExpiringDisks } from "../modules/cloud-disk/expiry";

/** Every minute: the cloud disks' warnings, then read-only at expiry, then deletion after retention (decision 083). */
export async function runCloudDiskExpiry(
  ctx: Ctx,
): Promise<{ warned: number[]; readOnly: number[]; deleted: number[] }> {
  const warned = await warnExpiringDisks(ctx);
  const readOnly = await makeExpiredDisksReadOnly(ctx);
  const deleted = await deleteRetainedDisks(ctx);
  return { warned, readOnly, deleted };
}
