import type { BuySftpSizeWire, CloudDiskWire, RemainDiskWire, SftpSizeInfoWire } from "../../contract/cloud-disk";
import type { CloudDiskPurchase } from "../../modules/cloud-disk/buy";
import type { CloudDiskInfo } from "../../modules/cloud-disk/info";
import type { CloudDisk } from "../../modules/cloud-disk/view";
import {
  CLOUD_DISK_FEN_PER_GB_MONTH,
  CLOUD_DISK_MAX_GB,
  CLOUD_DISK_MAX_MONTHS,
  CLOUD_DISK_MIN_GB,
  CLOUD_DISK_STEP_GB,
} from "../../rules/cloud-disk-price";
import { fenToYuan } from "../../rules/money";

export function toCloudDisk(d: CloudDisk): CloudDiskWire {
  return {
    RegionCode: d.regionCode,
    RegionName: d.regionName,
    SizeGb: d.sizeGb,
    UsedBytes: d.usedBytes,
    State: d.state === "read_only" ? "read_only" : "active",
    ExpiresAt: d.expiresAt.toISOString(),
    CreatedAt: d.createdAt.toISOString(),
    SftpHost: d.sftpHost,
    SftpPort: d.sftpPort,
    SftpUser: d.sftpUser,
  };
}

export const toSftpSizeInfo = (info: CloudDiskInfo): SftpSizeInfoWire => ({
  disks: info.disks.map(toCloudDisk),
  regions: info.regions,
  PricePerGbMonth: fenToYuan(CLOUD_DISK_FEN_PER_GB_MONTH),
  MinGb: CLOUD_DISK_MIN_GB,
  MaxGb: CLOUD_DISK_MAX_GB,
  StepGb: CLOUD_DISK_STEP_GB,
  MaxMonths: CLOUD_DISK_MAX_MONTHS,
  RetentionDays: info.retentionDays,
});

export const toBuySftpSize = (p: CloudDiskPurchase): BuySftpSizeWire => ({
  OrderNo: p.order.orderNo,
  Amount: fenToYuan(p.order.amountFen),
  PaidPowerMoney: fenToYuan(p.order.paidVoucherFen),
  PaidMoney: fenToYuan(p.order.paidCashFen),
  Explanation: p.detail.explanation,
  disk: toCloudDisk(p.disk),
  Replayed: p.order.replayed,
});

const GB = 1024 ** 3;
const oneDecimal = (x: number) => Math.round(x * 10) / 10;

export function toRemainDisk(d: CloudDisk): RemainDiskWire {
  const used = oneDecimal(d.usedBytes / GB);
  return { RegionCode: d.regionCode, TotalGb: d.sizeGb, UsedGb: used, RemainGb: oneDecimal(d.sizeGb - used) };
}
