import type {
  PendingShutdownWire,
  ScheduleCalls,
  ScheduledShutdownWire,
  ShutdownChangeWire,
  ShutdownEstimateWire,
  ShutdownPreviewWire,
} from "../../platform/contract/instances-schedule";
import { callApiOrThrow } from "./transport.server";

export type {
  PendingShutdownWire,
  ScheduledShutdownWire,
  ShutdownChangeWire,
  ShutdownEstimateWire,
  ShutdownPreviewWire,
};

function call<P extends keyof ScheduleCalls>(path: P, input: ScheduleCalls[P]["input"], session: string) {
  return callApiOrThrow<ScheduleCalls[P]["data"]>(path, input, { session });
}

/** The instance's pending scheduled shutdown (or none) and the server's time. */
export function getScheduledShutdown(session: string, uuid: string) {
  return call("/instance/get_scheduled_shutdown", { instance_uuid: uuid }, session);
}

/** What stopping at `shutdownAt` (a Beijing-time minute as the form sends it) would cost; changes nothing. */
export function previewScheduledShutdown(session: string, uuid: string, shutdownAt: string) {
  return call("/instance/preview_scheduled_shutdown", { instance_uuid: uuid, shutdown_at: shutdownAt }, session);
}

/** Sets the shutdown, or moves the pending one to `shutdownAt`. */
export function setScheduledShutdown(session: string, uuid: string, shutdownAt: string) {
  return call("/instance/set_scheduled_shutdown", { instance_uuid: uuid, shutdown_at: shutdownAt }, session);
}

/** Cancels the pending shutdown (none pending: nothing changes). */
export function cancelScheduledShutdown(session: string, uuid: string) {
  return call("/instance/cancel_scheduled_shutdown", { instance_uuid: uuid }, session);
}
