import { useMatches, useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

/**
 * Whether a work order has a staff reply the user has not read (spec §2: the
 * account menu's link goes to 我的工单, the console nav marks it). The root
 * loader reads it with the user info; the work-order detail page, which marks
 * its order read while the root loader runs beside it, answers it again after
 * opening (`workOrderUnreadAfterOpening` in its data), and that answer wins.
 */
export function useWorkOrderUnread(): boolean {
  const shell = useRouteLoaderData<typeof rootLoader>("root");
  for (const match of useMatches()) {
    const after = (match.data as { workOrderUnreadAfterOpening?: unknown } | undefined)?.workOrderUnreadAfterOpening;
    if (typeof after === "boolean") return after;
  }
  return shell?.workOrderUnread ?? false;
}
