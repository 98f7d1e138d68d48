import type {
  HostCalls,
  MigrateInstanceWire,
  MigrateTargetsWire,
  MigrateTargetWire,
  NoGpuPreviewWire,
} from "../../platform/contract/instances-host";
import { callApiOrThrow } from "./transport.server";

export type { MigrateInstanceWire, MigrateTargetsWire, MigrateTargetWire, NoGpuPreviewWire };

function call<P extends keyof HostCalls>(path: P, input: HostCalls[P]["input"], session: string) {
  return callApiOrThrow<HostCalls[P]["data"]>(path, input, { session });
}

/** The hosts a stopped instance can move to now, or why none (`/instance/get_migrate_targets`). */
export function getMigrateTargets(session: string, uuid: string) {
  return call("/instance/get_migrate_targets", { instance_uuid: uuid }, session);
}

/** Moves the instance; `targetHostId` null lets the platform pick; the form's key makes a resubmission move nothing. */
export function migrateInstance(session: string, uuid: string, targetHostId: number | null, operationKey: string) {
  return call(
    "/instance/migrate_instance",
    { instance_uuid: uuid, target_host_id: targetHostId ?? "", operation_key: operationKey },
    session,
  );
}

/** A start without GPU's price and limits, or why not now (`/instance/get_start_without_gpu_preview`). */
export function getNoGpuPreview(session: string, uuid: string) {
  return call("/instance/get_start_without_gpu_preview", { instance_uuid: uuid }, session);
}

/** Starts the stopped hourly instance holding no GPU (`/instance/start_instance_without_gpu`). */
export function startWithoutGpu(session: string, uuid: string) {
  return call("/instance/start_instance_without_gpu", { instance_uuid: uuid }, session);
}
