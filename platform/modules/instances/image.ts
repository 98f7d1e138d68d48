import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedRowsOf } from "../../db/prepared";
import type { Caller } from "../context";
import { fail } from "../errors";
import { num } from "../finance/rows";

export interface RentalImage {
  id: number;
  code: string;
  name: string;
  cudaVersion: string;
  /** A user's own image (decision 088): hosts pull it on first use; the official ones are on every host. */
  custom: boolean;
}

/** How an image reads in lists: "PyTorch 2.5.1 / CUDA 12.4". */
export const imageName = (image: { framework: string; version: string; cudaVersion: string }): string =>
  image.framework === "CUDA"
    ? `CUDA ${image.version}`
    : `${image.framework} ${image.version} / CUDA ${image.cudaVersion}`;

/** A custom image reads with its name first (decision 088): 我的镜像「训练环境」（PyTorch 2.5.1 / CUDA 12.4）. */
export const withCustomName = (customName: string | null, baseName: string): string =>
  customName === null ? baseName : `我的镜像「${customName}」（${baseName}）`;

/**
 * An official image, or one of the caller's own custom images that is
 * available (saved, not deleted; a sub-account only its own, decision 088; a
 * visitor, `null`, has none); anything else is a field error.
 */
export async function findRentalImage(db: Db, caller: Caller | null, imageId: number): Promise<RentalImage> {
  const [row] = await preparedRowsOf<{
    id: unknown;
    code: string;
    framework: string;
    version: string;
    cuda_version: string;
    owner_user_id: unknown;
  }>(
    db,
    sql`select id, code, framework, version, cuda_version, owner_user_id from images
        where id = ${imageId} and (owner_user_id is null or (owner_user_id = ${caller?.userId ?? 0}
          and exists (select 1 from custom_images c where c.image_id = images.id and c.state = 'available'
            and (${caller?.subAccountId ?? null}::bigint is null or c.sub_account_id = ${caller?.subAccountId ?? null}::bigint))))`,
  );
  if (!row) return fail("BAD_REQUEST", "image_id", "所选镜像不存在");
  const cudaVersion = row.cuda_version;
  return {
    id: num(row.id),
    code: row.code,
    name: imageName({ ...row, cudaVersion }),
    cudaVersion,
    custom: row.owner_user_id !== null,
  };
}

function versionParts(version: string): number[] {
  return version.split(".").map((p) => Number.parseInt(p, 10) || 0);
}

/** Whether a host whose driver supports CUDA `host` runs an image built for CUDA `image` ("12.4" ≥ "12.1"). */
export function cudaSupports(host: string, image: string): boolean {
  const h = versionParts(host);
  const i = versionParts(image);
  for (let k = 0; k < Math.max(h.length, i.length); k++) {
    const a = h[k] ?? 0;
    const b = i[k] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}
