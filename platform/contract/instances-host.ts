/**
 * Migrating an instance on the wire (issue 36 §2, decision 086): the hosts a
 * stopped instance can move to now, and the move itself. Only the caller's own
 * instances (as in instances.ts): anyone else's is INSTANCE_NOT_FOUND.
 */
import type { MainApiCall } from "./calls";
import type { InstanceRefFields, InstanceWire } from "./instances";

/** A host of the same GPU model, machine type and region with enough free GPUs for the instance. */
export type MigrateTargetWire = {
  HostId: number;
  HostName: string;
  GpuFree: number;
  GpuTotal: number;
};

export type MigrateTargetsWire = {
  Instance: InstanceWire;
  /** Why it cannot move now (not stopped, package ended, no host with room); null when Targets is not empty. */
  Blocked: string | null;
  Targets: MigrateTargetWire[];
  /** A stopped hourly instance is started on its new host by the move (it holds no GPUs while stopped). */
  StartsAfter: boolean;
};

export type MigrateInstanceFields = InstanceRefFields & {
  /** One of the targets' HostId; absent or empty: the platform picks one. */
  target_host_id?: number | string;
  /** The form's key: the same key again answers the first move and moves nothing. */
  operation_key: string;
};

export type MigrateInstanceWire = {
  Instance: InstanceWire;
  FromHostName: string;
  ToHostName: string;
  FromSshPort: number;
  ToSshPort: number;
  /** Whether the move started it on the new host (hourly instances). */
  Started: boolean;
  Replayed: boolean;
};

/** A start without GPU (无卡模式, decision 086): its price and limits, or why not now. */
export type NoGpuPreviewWire = {
  Instance: InstanceWire;
  /** Why not now (not stopped, a package); null when it can start without GPU. */
  Blocked: string | null;
  /** What an hour without GPU costs (the site's price, no discount). */
  HourlyPrice: string;
  /** The CPU and memory it runs with. */
  CpuCores: number;
  MemoryGb: number;
};

export type HostCalls = {
  "/instance/get_migrate_targets": MainApiCall<InstanceRefFields, MigrateTargetsWire, "required">;
  /**
   * From stopped: takes the GPUs on the target host (HOST_GPU_BUSY on target_host_id when it lacks them or
   * is not a target), moves the disks, gives a new SSH port; a package stays stopped, an hourly instance
   * starts there (BALANCE_BELOW_PRICE when it cannot pay an hour). INSTANCE_STATE when not stopped.
   */
  "/instance/migrate_instance": MainApiCall<MigrateInstanceFields, MigrateInstanceWire, "required">;
  "/instance/get_start_without_gpu_preview": MainApiCall<InstanceRefFields, NoGpuPreviewWire, "required">;
  /**
   * From stopped, hourly only: starts holding no GPU at the no-GPU hourly price (BALANCE_BELOW_PRICE when the
   * wallet cannot pay an hour of it); stopping ends it. INSTANCE_STATE otherwise.
   */
  "/instance/start_instance_without_gpu": MainApiCall<InstanceRefFields, InstanceWire, "required">;
};
