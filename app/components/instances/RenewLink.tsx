import { Link } from "@remix-run/react";
import type { InstanceWire } from "~/upstream/instances.server";
import { renewInstancePath } from "~/utils/console-paths";
import { RENEWABLE_STATES } from "../../../platform/rules/renewal-term";

/** The instance page's way to renew (a package) or to turn an hourly instance into a package. */
export function RenewLink({ instance }: { instance: InstanceWire }) {
  if (!RENEWABLE_STATES.includes(instance.State)) return null;
  const expired = instance.PackageExpiresAt !== null && instance.StopReason === "expired";
  return (
    <p>
      <Link to={renewInstancePath(instance.InstanceUuid)} prefetch="intent" data-testid="renew-link">
        {instance.BillingMode === "hour" ? "转为包时/包天/包月" : expired ? "续费后开机" : "续费"}
      </Link>
    </p>
  );
}
