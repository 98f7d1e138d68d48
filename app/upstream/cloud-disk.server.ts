import type {
  BuySftpSizeFields,
  BuySftpSizeWire,
  CloudDiskCalls,
  CloudDiskWire,
  SftpSizeInfoWire,
} from "../../platform/contract/cloud-disk";
import { callApiOrThrow, type CallOptions } from "./transport.server";

export type { BuySftpSizeFields, BuySftpSizeWire, CloudDiskWire, SftpSizeInfoWire };

/** One cloud disk call, its fields and reply typed by the contract (platform/contract/cloud-disk.ts). */
function call<P extends keyof CloudDiskCalls>(path: P, input: CloudDiskCalls[P]["input"], options: CallOptions = {}) {
  return callApiOrThrow<CloudDiskCalls[P]["data"]>(path, input, options);
}

export function getSftpSizeInfo(session: string) {
  return call("/get_sftp_size_info", {}, { session });
}

/** Buys, expands or renews a cloud disk; the form's `operation_key` makes a resubmission buy nothing more. */
export function buySftpSize(session: string, fields: BuySftpSizeFields) {
  return call("/buy_sftp_size", fields, { session });
}

export function getRemainDisk(session: string, regionCode: string) {
  return call("/get_remain_disk", { region_code: regionCode }, { session });
}

export function getSftpPassword(session: string, regionCode: string) {
  return call("/get_sftp_password", { region_code: regionCode }, { session });
}
