/**
 * A main account's view of its sub-accounts' instances on the wire (issue 36
 * §2, /console/subAccountInstance): one group per sub-account, with what its
 * instances were charged this month. Amounts are yuan strings with two
 * decimals, times ISO 8601. A sub-account calling it is NOT_FOUND.
 */
import type { MainApiCall } from "./calls";
import type { InstanceWire } from "./instances";

export type SubAccountInstanceGroupWire = {
  SubAccountId: number;
  SubAccountName: string;
  /** The sub-account can no longer sign in; its instances are still listed. */
  Disabled: boolean;
  /** What its instances' purchases, renewals and settlements took since MonthStart, less what was refunded. */
  MonthCost: string;
  /** Its instances that are not released, newest first. */
  Instances: InstanceWire[];
};

export type SubAccountInstancesWire = {
  /** The first instant of this calendar month in Asia/Shanghai. */
  MonthStart: string;
  /** Every sub-account of the caller, in the order they were made. */
  Groups: SubAccountInstanceGroupWire[];
};

export type InstancePagesCalls = {
  "/instance/get_sub_account_instances": MainApiCall<Record<string, never>, SubAccountInstancesWire, "required">;
};
