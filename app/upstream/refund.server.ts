import type {
  InstanceRefundCalls,
  RefundLineWire,
  StopRefundPreviewWire,
  StopWithRefundWire,
} from "../../platform/contract/instances-refund";
import { callApiOrThrow } from "./transport.server";

export type { RefundLineWire, StopRefundPreviewWire, StopWithRefundWire };

function call<P extends keyof InstanceRefundCalls>(path: P, input: InstanceRefundCalls[P]["input"], session: string) {
  return callApiOrThrow<InstanceRefundCalls[P]["data"]>(path, input, { session });
}

/** The refund if the package were ended now, and how it is computed (`/instance/get_stop_refund_preview`). */
export function previewStopRefund(session: string, uuid: string) {
  return call("/instance/get_stop_refund_preview", { instance_uuid: uuid }, session);
}

/** Ends the package now: the refund shown (`expectedRefundFen`) back to the wallets, and the instance released. */
export function stopInstanceWithRefund(session: string, uuid: string, confirmName: string, expectedRefundFen: number) {
  return call(
    "/instance/stop_instance_with_refund",
    { instance_uuid: uuid, confirm_name: confirmName, expected_refund_fen: expectedRefundFen },
    session,
  );
}
