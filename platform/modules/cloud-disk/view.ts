import { and, asc, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cloudDisks, type CloudDiskState } from "../../db/disk-schema";
import { regions } from "../../db/market-schema";
import type { Caller } from "../context";

/** A cloud disk as its owner sees it (the SFTP password only on request: sftpPassword). */
export interface CloudDisk {
  id: number;
  regionCode: string;
  regionName: string;
  sizeGb: number;
  usedBytes: number;
  state: CloudDiskState;
  expiresAt: Date;
  createdAt: Date;
  sftpHost: string;
  sftpPort: number;
  sftpUser: string;
}

const columns = {
  id: cloudDisks.id,
  regionCode: regions.code,
  regionName: regions.name,
  sizeGb: cloudDisks.sizeGb,
  usedBytes: cloudDisks.usedBytes,
  state: cloudDisks.state,
  expiresAt: cloudDisks.expiresAt,
  createdAt: cloudDisks.createdAt,
  sftpHost: cloudDisks.sftpHost,
  sftpPort: cloudDisks.sftpPort,
  sftpUser: cloudDisks.sftpUser,
};

/**
 * The disks a caller may see: the main account's own (a disk belongs to the main account; a sub-account sees
 * none, decision 083). Deleted disks are left out.
 */
export function ownDisks(caller: Caller) {
  return and(eq(cloudDisks.userId, caller.userId), ne(cloudDisks.state, "deleted"));
}

/** The caller's live disks, in the regions' order. */
export async function listCloudDisks(db: Db, caller: Caller): Promise<CloudDisk[]> {
  if (caller.subAccountId !== null) return [];
  return db
    .select(columns)
    .from(cloudDisks)
    .innerJoin(regions, eq(regions.id, cloudDisks.regionId))
    .where(ownDisks(caller))
    .orderBy(asc(regions.sortOrder), asc(regions.id));
}

/** The caller's live disk in a region, or null. */
export async function cloudDiskInRegion(db: Db, caller: Caller, regionCode: string): Promise<CloudDisk | null> {
  if (caller.subAccountId !== null) return null;
  const [disk] = await db
    .select(columns)
    .from(cloudDisks)
    .innerJoin(regions, eq(regions.id, cloudDisks.regionId))
    .where(and(ownDisks(caller), eq(regions.code, regionCode)));
  return disk ?? null;
}

/** The regions a disk can be bought in (every region of the market). */
export function diskRegions(db: Db): Promise<{ code: string; name: string }[]> {
  return db
    .select({ code: regions.code, name: regions.name })
    .from(regions)
    .orderBy(asc(regions.sortOrder), asc(regions.id));
}
