import type { InstanceActionOutcome } from "~/components/instances/InstanceActions";

/**
 * The field a start refused for a full host (HOST_GPU_BUSY) answers on when
 * another host of the region has room: the instance's actions then offer the
 * migration beside the refusal (issue 36 §2, decision 086).
 */
export const MIGRATE_OFFER_FIELD = "migrate";

/** Whether the last action on this instance was a start refused for a full host, with a host to move to. */
export function offersMigration(outcome: InstanceActionOutcome | null | undefined, uuid: string): boolean {
  return !!outcome && outcome.values.instance_uuid === uuid && MIGRATE_OFFER_FIELD in outcome.fieldErrors;
}
