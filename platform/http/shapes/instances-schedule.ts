import type {
  ScheduledShutdownWire,
  ShutdownChangeWire,
  ShutdownEstimateWire,
  ShutdownPreviewWire,
} from "../../contract/instances-schedule";
import type { ScheduledShutdownView, ShutdownChange, ShutdownPreview } from "../../modules/instances/schedule";
import { fenToYuan } from "../../rules/money";
import { SHUTDOWN_MAX_DAYS_AHEAD, shutdownEstimateText, type ShutdownEstimate } from "../../rules/scheduled-shutdown";
import { toInstanceWire } from "./instances";

export const toShutdownEstimateWire = (e: ShutdownEstimate): ShutdownEstimateWire => ({
  Billing: e.billing,
  Seconds: e.seconds,
  HourlyPrice: e.billing === "hourly" ? fenToYuan(e.hourlyFen) : null,
  EstimatedCost: fenToYuan(e.billing === "hourly" ? e.amountFen : 0),
  Explanation: shutdownEstimateText(e),
});

export const toScheduledShutdownWire = (v: ScheduledShutdownView): ScheduledShutdownWire => ({
  Instance: toInstanceWire(v.instance),
  Shutdown: v.shutdown && {
    ShutdownAt: v.shutdown.fireAt.toISOString(),
    SetAt: v.shutdown.createdAt.toISOString(),
    UpdatedAt: v.shutdown.updatedAt.toISOString(),
    Estimate: toShutdownEstimateWire(v.shutdown.estimate),
  },
  ServerTime: v.now.toISOString(),
  MaxDaysAhead: SHUTDOWN_MAX_DAYS_AHEAD,
  RetentionDays: v.retentionDays,
});

export const toShutdownPreviewWire = (p: ShutdownPreview): ShutdownPreviewWire => ({
  ...toScheduledShutdownWire(p),
  ShutdownAt: p.fireAt.toISOString(),
  Estimate: toShutdownEstimateWire(p.estimate),
});

export const toShutdownChangeWire = (c: ShutdownChange): ShutdownChangeWire => ({
  ...toScheduledShutdownWire(c),
  Outcome: c.outcome,
});
