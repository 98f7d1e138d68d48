import type { GpuFitWire } from "~/upstream/models.server";
import { formatWireMoney } from "../../platform/rules/money";
import { createInstancePath } from "./paths";

/** "1 × RTX 4090": the GPUs one instance of the model needs. */
export function fitGpus(fit: GpuFitWire): string {
  return `${fit.GpuCount} × ${fit.Gpu.Name}`;
}

/** "空闲 12 卡", or "已售罄". */
export function fitFree(fit: GpuFitWire): string {
  return fit.FreeGpus > 0 ? `空闲 ${fit.FreeGpus} 卡` : "已售罄";
}

/** "¥1.98/时 起": the lowest list price of one GPU-hour. */
export function fitPrice(fit: GpuFitWire): string {
  return `${formatWireMoney(fit.Price)}/时 起`;
}

/** "1 × RTX 4090，空闲 12 卡，¥1.98/时 起" (sold out: "…，已售罄，¥1.98/时 起"): a fit in one line (issue 35). */
export function fitLine(fit: GpuFitWire): string {
  return `${fitGpus(fit)}，${fitFree(fit)}，${fitPrice(fit)}`;
}

/** 用此镜像创建: the rental form preset to the fit's offer, its GPU count and the model's image. */
export function fitRentalPath(fit: GpuFitWire, imageId: number): string {
  return createInstancePath({
    type: fit.MachineType,
    region: fit.Region.Code,
    gpu: fit.Gpu.Code,
    gpus: fit.GpuCount,
    image: imageId,
  });
}
