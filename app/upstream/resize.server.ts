import type {
  DiskOptionWire,
  ResizeCalls,
  ResizeOptionsWire,
  ResizeOptionWire,
  UpgradeSpecWire,
} from "../../platform/contract/instances-resize";
import { callApiOrThrow } from "./transport.server";

export type { DiskOptionWire, ResizeOptionsWire, ResizeOptionWire, UpgradeSpecWire };

function call<P extends keyof ResizeCalls>(path: P, input: ResizeCalls[P]["input"], session: string) {
  return callApiOrThrow<ResizeCalls[P]["data"]>(path, input, { session });
}

/** The GPU counts and data disk sizes the instance can have now, each with its price (`/instance/get_upgrade_spec_options`). */
export function getResizeOptions(session: string, uuid: string) {
  return call("/instance/get_upgrade_spec_options", { instance_uuid: uuid }, session);
}

/**
 * Changes the GPU count; `operationKey` comes from the form, so a resubmission charges (or refunds) nothing more.
 * A package's downgrade sends the refund the page showed (`expectedRefundFen`): REFUND_CHANGED when it changed.
 */
export function upgradeSpec(
  session: string,
  uuid: string,
  gpuCount: number,
  operationKey: string,
  expectedRefundFen?: number,
) {
  return call(
    "/instance/upgrade_spec",
    { instance_uuid: uuid, gpu_count: gpuCount, operation_key: operationKey, expected_refund_fen: expectedRefundFen },
    session,
  );
}

/** Grows the data disk to `dataDiskGb` GB (decision 093); the form's `operationKey` makes a resubmission charge nothing more. */
export function growDataDisk(session: string, uuid: string, dataDiskGb: number, operationKey: string) {
  return call(
    "/instance/upgrade_spec",
    { instance_uuid: uuid, data_disk_gb: dataDiskGb, operation_key: operationKey },
    session,
  );
}
