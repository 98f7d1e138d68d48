import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getMigrateTargets, migrateInstance } from "~/upstream/host.server";
import { startInstance } from "~/upstream/instances.server";
import { UpstreamError } from "~/upstream/transport.server";
import { HOST_FULL_FIELDS } from "./host-full-offer";

const STALE = "请求有误，请刷新页面后重试";

/** The confirmation's POST: the instance, the chosen host (empty: the platform picks) and the key the page rendered. */
export const MigrateSchema = z.object({
  instance_uuid: z.string({ required_error: STALE }).regex(/^[A-Za-z0-9_-]{1,64}$/, STALE),
  target_host_id: z
    .string()
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(z.coerce.number().int("请选择目标主机").positive("请选择目标主机").nullable()),
  operation_key: z.string({ required_error: STALE }).regex(/^[A-Za-z0-9_-]{8,64}$/, STALE),
});

/** The migrate page's data: the hosts with room (or why none) and a fresh operation key for its form. */
export async function loadMigratePage(token: string, uuid: string) {
  const {
    Instance: instance,
    Blocked: blocked,
    Targets: targets,
    StartsAfter: startsAfter,
  } = await getMigrateTargets(token, uuid);
  return { instance, blocked, targets, startsAfter, operationKey: randomUUID() };
}

/** Moves the instance; the toast names the new host and SSH port, and says when it is starting there. */
export async function migrateConfirmed(token: string, input: z.infer<typeof MigrateSchema>) {
  const done = await migrateInstance(token, input.instance_uuid, input.target_host_id, input.operation_key);
  const then = done.Started ? "，正在新主机上开机" : "";
  return {
    instance: done.Instance,
    message: `实例「${done.Instance.Name}」已迁移到 ${done.ToHostName}，新的 SSH 端口 ${done.ToSshPort}${then}`,
  };
}

/**
 * Starts the instance; when its host lacks free GPUs (HOST_GPU_BUSY) the
 * refusal answers on a HOST_FULL_FIELDS field, so the actions offer a start
 * without GPU beside it, and a migration when another host of the region has
 * room (the field says which).
 */
export async function startOrOfferMigration(token: string, uuid: string) {
  try {
    return await startInstance(token, uuid);
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.key !== "HOST_GPU_BUSY") throw error;
    const { Targets: targets } = await getMigrateTargets(token, uuid);
    const [field, reason] =
      targets.length === 0
        ? [HOST_FULL_FIELDS.only, `${error.reason}；同地区暂无空闲GPU足够的主机，可先以无卡模式开机拷贝数据`]
        : [
            HOST_FULL_FIELDS.migratable,
            `${error.reason}；同地区有 ${targets.length} 台主机空闲GPU足够，可迁移后开机，或以无卡模式开机`,
          ];
    throw new UpstreamError(error.key, error.httpStatus, error.status, reason, field, error.data);
  }
}
