/**
 * The /restartInstance page (issue 36 §2): a link, e.g. in a notification,
 * to restart one instance, or to start it again when it is stopped (the GPU
 * free notice's link, decision 092). Which instance comes from `?uuid=`; what
 * the page offers, or says when it can do neither now, comes from the same
 * rule the console's buttons follow (`allowedIntents`).
 */
import type { InstanceWire } from "~/upstream/instances.server";
import { restartInstanceLink } from "../../platform/rules/gpu-notice";
import { allowedIntents, STATE_LABELS } from "./instance-text";

/** The instance uuid a link names, or null when the query has none of the right form (a 404). */
export function restartTarget(search: URLSearchParams): string | null {
  const uuid = search.get("uuid")?.trim() ?? "";
  return /^[A-Za-z0-9_-]{1,64}$/.test(uuid) ? uuid : null;
}

/** app/routes/restartInstance.tsx for one instance (the platform's notices write the same link). */
export const restartInstancePath = restartInstanceLink;

/** What the page does for the instance now: restart a running hourly one, start a stopped one; null: neither. */
export function restartAction(instance: Pick<InstanceWire, "State" | "BillingMode">): "restart" | "start" | null {
  const intents = allowedIntents(instance);
  if (intents.includes("restart")) return "restart";
  if (intents.includes("start")) return "start";
  return null;
}

/** Why the instance can be neither restarted nor started now (shown instead of the button), or null when it can. */
export function restartRefusal(instance: Pick<InstanceWire, "State" | "BillingMode">): string | null {
  if (restartAction(instance)) return null;
  if (instance.State === "running") return "包天、包月实例不支持重启，请先关机再开机。";
  return `实例${STATE_LABELS[instance.State]}，只有运行中的按量计费实例可以重启，已关机的实例可以开机。`;
}
