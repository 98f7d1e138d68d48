import type {
  HostCalls,
  MigrateInstanceWire,
  MigrateTargetsWire,
  MigrateTargetWire,
} from "../../platform/contract/instances-host";
import { callApiOrThrow } from "./transport.server";

export type { MigrateInstanceWire, MigrateTargetsWire, MigrateTargetWire };

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
