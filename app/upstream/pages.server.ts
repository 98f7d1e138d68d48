import type {
  InstancePagesCalls,
  SubAccountInstanceGroupWire,
  SubAccountInstancesWire,
} from "../../platform/contract/instances-pages";
import { callApiOrThrow } from "./transport.server";

export type { SubAccountInstanceGroupWire, SubAccountInstancesWire };

/** A main account's sub-accounts with their instances and this month's cost; a sub-account is NOT_FOUND. */
export function getSubAccountInstances(session: string) {
  return callApiOrThrow<InstancePagesCalls["/instance/get_sub_account_instances"]["data"]>(
    "/instance/get_sub_account_instances",
    {},
    { session },
  );
}
