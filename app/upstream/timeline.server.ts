import {
  INSTANCE_LOG_FILTERS,
  type InstanceEventKindWire,
  type InstanceLogFilterWire,
  type InstanceLogItemWire,
  type InstanceLogKindWire,
  type InstanceTimelineCalls,
} from "../../platform/contract/instances-timeline";
import { callApiOrThrow } from "./transport.server";

export { INSTANCE_LOG_FILTERS };
export type { InstanceEventKindWire, InstanceLogFilterWire, InstanceLogItemWire, InstanceLogKindWire };

/** One timeline call, its fields and reply typed by the contract (platform/contract/instances-timeline.ts). */
function call<P extends keyof InstanceTimelineCalls>(
  path: P,
  input: InstanceTimelineCalls[P]["input"],
  session: string,
) {
  return callApiOrThrow<InstanceTimelineCalls[P]["data"]>(path, input, { session });
}

/** Rows of the instance log one page of the instance page shows. */
export const INSTANCE_LOG_PAGE_SIZE = 20;

/** One page of an instance's log (events and charges, newest first), filtered by kind. */
export function getInstanceLog(session: string, uuid: string, kind: InstanceLogFilterWire, page: number) {
  return call(
    "/logs/get_instance_log_list",
    { instance_uuid: uuid, kind, page, page_size: INSTANCE_LOG_PAGE_SIZE },
    session,
  );
}
