import type { InstanceActionOutcome } from "~/components/instances/InstanceActions";

/**
 * The fields a start refused for a full host (HOST_GPU_BUSY) answers on, so
 * the instance's actions offer, beside the refusal, a start without GPU, the
 * GPU free notice (decision 092) and, when another host of the region has
 * room, a migration (issue 36 §2, decision 086).
 */
export const HOST_FULL_FIELDS = { migratable: "host_full_migrate", only: "host_full" } as const;

/** What a full-host refusal offers: a migration (when a host has room), a start without GPU, the GPU free notice. */
export interface HostFullOffers {
  migrate: boolean;
  startWithoutGpu: boolean;
  gpuNotice: boolean;
}

/** The offers of the last action on this instance when it was a start refused for a full host; null otherwise. */
export function hostFullOffers(outcome: InstanceActionOutcome | null | undefined, uuid: string): HostFullOffers | null {
  if (!outcome || outcome.values.instance_uuid !== uuid) return null;
  const migrate = HOST_FULL_FIELDS.migratable in outcome.fieldErrors;
  if (!migrate && !(HOST_FULL_FIELDS.only in outcome.fieldErrors)) return null;
  return { migrate, startWithoutGpu: true, gpuNotice: true };
}
