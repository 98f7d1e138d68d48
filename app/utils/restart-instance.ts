/**
 * The /restartInstance page (issue 36 §2): a link, e.g. in a notification,
 * to restart one instance. Which instance comes from `?uuid=`; what the page
 * says when it cannot restart it now comes from the same rule the console's
 * buttons follow (`allowedIntents`).
 */
import type { InstanceWire } from "~/upstream/instances.server";
import { allowedIntents, STATE_LABELS } from "./instance-text";

/** The instance uuid a link names, or null when the query has none of the right form (a 404). */
export function restartTarget(search: URLSearchParams): string | null {
  const uuid = search.get("uuid")?.trim() ?? "";
  return /^[A-Za-z0-9_-]{1,64}$/.test(uuid) ? uuid : null;
}

/** app/routes/restartInstance.tsx for one instance. */
export function restartInstancePath(uuid: string): string {
  return `/restartInstance?${new URLSearchParams({ uuid }).toString()}`;
}

/** Why the instance cannot be restarted now (shown instead of the button), or null when it can. */
export function restartRefusal(instance: Pick<InstanceWire, "State" | "BillingMode">): string | null {
  if (allowedIntents(instance).includes("restart")) return null;
  if (instance.State === "running") return "包天、包月实例不支持重启，请先关机再开机。";
  return `实例${STATE_LABELS[instance.State]}，只有运行中的按量计费实例可以重启。`;
}
