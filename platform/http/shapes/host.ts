import type { MigrateInstanceWire, MigrateTargetsWire, NoGpuPreviewWire } from "../../contract/instances-host";
import type { MigrationResult, MigrationTargets } from "../../modules/instances/migrate";
import type { NoGpuPreview } from "../../modules/instances/no-gpu";
import { NO_GPU_LIMITS } from "../../rules/no-gpu";
import { fenToYuan } from "../../rules/money";
import { toInstanceWire } from "./instances";

export const toMigrateTargetsWire = (m: MigrationTargets): MigrateTargetsWire => ({
  Instance: toInstanceWire(m.instance),
  Blocked: m.blocked,
  Targets: m.targets.map((h) => ({ HostId: h.hostId, HostName: h.hostName, GpuFree: h.gpuFree, GpuTotal: h.gpuTotal })),
  StartsAfter: m.startsAfter,
});

export const toMigrateInstanceWire = (r: MigrationResult): MigrateInstanceWire => ({
  Instance: toInstanceWire(r.instance),
  FromHostName: r.fromHostName,
  ToHostName: r.toHostName,
  FromSshPort: r.fromSshPort,
  ToSshPort: r.toSshPort,
  Started: r.started,
  Replayed: r.replayed,
});

export const toNoGpuPreviewWire = (p: NoGpuPreview): NoGpuPreviewWire => ({
  Instance: toInstanceWire(p.instance),
  Blocked: p.blocked,
  HourlyPrice: fenToYuan(p.hourlyPriceFen),
  CpuCores: NO_GPU_LIMITS.cpuCores,
  MemoryGb: NO_GPU_LIMITS.memoryGb,
});
