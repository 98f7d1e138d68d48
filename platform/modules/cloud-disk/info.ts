import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { cloudDiskInRegion, diskRegions, listCloudDisks, type CloudDisk } from "./view";

export interface CloudDiskInfo {
  disks: CloudDisk[];
  regions: { code: string; name: string }[];
  /** Days an expired disk stays read-only before it is deleted: the instances' retention (decision 083). */
  retentionDays: number;
}

/** `/get_sftp_size_info`: the caller's disks and where one can be bought. */
export async function cloudDiskInfo(ctx: Ctx, caller: Caller): Promise<CloudDiskInfo> {
  const [disks, regions] = await Promise.all([listCloudDisks(ctx.db, caller), diskRegions(ctx.db)]);
  return { disks, regions, retentionDays: ctx.site.instanceRetentionDays };
}

/** `/get_remain_disk`: the caller's disk in a region (its size and use), or NOT_FOUND. */
export async function diskInRegion(ctx: Ctx, caller: Caller, regionCode: string): Promise<CloudDisk> {
  const disk = await cloudDiskInRegion(ctx.db, caller, regionCode);
  return disk ?? fail("NOT_FOUND", "region_code", "该地区还没有云盘");
}
