import type { Db } from "./client";
import { gpuModels, gpuPrices, hosts, images, regions, type MachineType } from "./market-schema";

/*
 * The market's catalogue and the simulated fleet of a fresh installation
 * (issue 12 §1). Idempotent: rows are keyed by their codes and names and
 * inserted only when missing, so operators' later changes (prices, hosts
 * going offline) survive every restart.
 */

export const SEED_REGIONS = [
  { code: "bj-a", name: "北京A区", sortOrder: 1 },
  { code: "nm-b", name: "内蒙B区", sortOrder: 2 },
  { code: "cq-a", name: "重庆A区", sortOrder: 3 },
] as const;

/** Per GPU: cores, RAM, system disk and free data disk; list prices in fen per GPU-hour by machine type. */
export const SEED_GPU_MODELS = [
  {
    code: "rtx4090",
    name: "RTX 4090",
    memoryGb: 24,
    cpuCoresPerGpu: 16,
    ramGbPerGpu: 64,
    systemDiskGb: 30,
    dataDiskGbPerGpu: 50,
    maxCudaVersion: "12.4",
    prices: { docker: 198, kvm: 228, bare_metal: 168 },
  },
  {
    code: "rtx3090",
    name: "RTX 3090",
    memoryGb: 24,
    cpuCoresPerGpu: 12,
    ramGbPerGpu: 48,
    systemDiskGb: 30,
    dataDiskGbPerGpu: 50,
    maxCudaVersion: "12.4",
    prices: { docker: 138, kvm: 158, bare_metal: 118 },
  },
  {
    code: "a100-80g",
    name: "A100 80GB",
    memoryGb: 80,
    cpuCoresPerGpu: 16,
    ramGbPerGpu: 120,
    systemDiskGb: 30,
    dataDiskGbPerGpu: 100,
    maxCudaVersion: "12.4",
    prices: { docker: 588, kvm: 658, bare_metal: 498 },
  },
  {
    code: "h100-80g",
    name: "H100 80GB",
    memoryGb: 80,
    cpuCoresPerGpu: 24,
    ramGbPerGpu: 200,
    systemDiskGb: 30,
    dataDiskGbPerGpu: 200,
    maxCudaVersion: "12.4",
    prices: { docker: 1288, kvm: 1388, bare_metal: 1088 },
  },
  {
    code: "l40s",
    name: "L40S 48GB",
    memoryGb: 48,
    cpuCoresPerGpu: 16,
    ramGbPerGpu: 96,
    systemDiskGb: 30,
    dataDiskGbPerGpu: 100,
    maxCudaVersion: "12.4",
    prices: { docker: 398, kvm: 448, bare_metal: 348 },
  },
  {
    code: "v100-32g",
    name: "V100 32GB",
    memoryGb: 32,
    cpuCoresPerGpu: 10,
    ramGbPerGpu: 48,
    systemDiskGb: 30,
    dataDiskGbPerGpu: 50,
    maxCudaVersion: "12.2",
    prices: { docker: 228, kvm: 258, bare_metal: 198 },
  },
] as const;

export const SEED_IMAGES = [
  {
    code: "pytorch-2.5.1-cuda12.4",
    framework: "PyTorch",
    version: "2.5.1",
    cudaVersion: "12.4",
    pythonVersion: "3.12",
  },
  {
    code: "pytorch-2.3.1-cuda12.1",
    framework: "PyTorch",
    version: "2.3.1",
    cudaVersion: "12.1",
    pythonVersion: "3.10",
  },
  {
    code: "pytorch-2.1.2-cuda11.8",
    framework: "PyTorch",
    version: "2.1.2",
    cudaVersion: "11.8",
    pythonVersion: "3.10",
  },
  {
    code: "tensorflow-2.16.1-cuda12.3",
    framework: "TensorFlow",
    version: "2.16.1",
    cudaVersion: "12.3",
    pythonVersion: "3.11",
  },
  {
    code: "tensorflow-2.13.0-cuda11.8",
    framework: "TensorFlow",
    version: "2.13.0",
    cudaVersion: "11.8",
    pythonVersion: "3.8",
  },
  { code: "cuda-12.4.1-ubuntu22.04", framework: "CUDA", version: "12.4.1", cudaVersion: "12.4", pythonVersion: null },
  { code: "cuda-12.1.1-ubuntu22.04", framework: "CUDA", version: "12.1.1", cudaVersion: "12.1", pythonVersion: null },
  { code: "cuda-11.8.0-ubuntu22.04", framework: "CUDA", version: "11.8.0", cudaVersion: "11.8", pythonVersion: null },
] as const;

type GpuCode = (typeof SEED_GPU_MODELS)[number]["code"];
type RegionCode = (typeof SEED_REGIONS)[number]["code"];

/** The simulated fleet: per region, groups of identical hosts (8 GPUs each), numbered within the region. */
export const SEED_FLEET: Record<RegionCode, { type: MachineType; gpu: GpuCode; hosts: number; cuda: string }[]> = {
  "bj-a": [
    { type: "docker", gpu: "rtx4090", hosts: 3, cuda: "12.4" },
    { type: "docker", gpu: "rtx3090", hosts: 2, cuda: "12.2" },
    { type: "docker", gpu: "a100-80g", hosts: 1, cuda: "12.4" },
    { type: "kvm", gpu: "rtx4090", hosts: 2, cuda: "12.4" },
    { type: "kvm", gpu: "a100-80g", hosts: 2, cuda: "12.2" },
    { type: "bare_metal", gpu: "h100-80g", hosts: 2, cuda: "12.4" },
  ],
  "nm-b": [
    { type: "docker", gpu: "rtx4090", hosts: 2, cuda: "12.2" },
    { type: "docker", gpu: "rtx3090", hosts: 2, cuda: "11.8" },
    { type: "docker", gpu: "v100-32g", hosts: 2, cuda: "11.8" },
    { type: "docker", gpu: "h100-80g", hosts: 1, cuda: "12.4" },
    { type: "kvm", gpu: "l40s", hosts: 2, cuda: "12.4" },
    { type: "bare_metal", gpu: "a100-80g", hosts: 1, cuda: "12.2" },
  ],
  "cq-a": [
    { type: "docker", gpu: "rtx4090", hosts: 2, cuda: "12.4" },
    { type: "docker", gpu: "l40s", hosts: 1, cuda: "12.2" },
    { type: "kvm", gpu: "rtx3090", hosts: 1, cuda: "12.2" },
    { type: "kvm", gpu: "h100-80g", hosts: 1, cuda: "12.4" },
    { type: "bare_metal", gpu: "rtx4090", hosts: 1, cuda: "12.4" },
  ],
};

export const GPUS_PER_HOST = 8;

/** Idempotent: inserts the catalogue and the fleet's hosts that are missing, and changes none that exist. */
export async function seedMarket(db: Db): Promise<void> {
  await db
    .insert(regions)
    .values(SEED_REGIONS.map((r) => ({ ...r })))
    .onConflictDoNothing();
  await db
    .insert(gpuModels)
    .values(SEED_GPU_MODELS.map(({ prices: _prices, ...m }, i) => ({ ...m, sortOrder: i + 1 })))
    .onConflictDoNothing();
  await db
    .insert(images)
    .values(SEED_IMAGES.map((image, i) => ({ ...image, sortOrder: i + 1 })))
    .onConflictDoNothing();

  const modelIds = new Map(
    (await db.select({ id: gpuModels.id, code: gpuModels.code }).from(gpuModels)).map((m) => [m.code, m.id]),
  );
  const regionRows = await db.select({ id: regions.id, code: regions.code, name: regions.name }).from(regions);

  await db
    .insert(gpuPrices)
    .values(
      SEED_GPU_MODELS.flatMap((m) =>
        (Object.entries(m.prices) as [MachineType, number][]).map(([machineType, unitPriceFen]) => ({
          gpuModelId: modelIds.get(m.code)!,
          machineType,
          unitPriceFen,
        })),
      ),
    )
    .onConflictDoNothing();

  const hostRows = regionRows.flatMap((region) => {
    let number = 0;
    return (SEED_FLEET[region.code as RegionCode] ?? []).flatMap((group) =>
      Array.from({ length: group.hosts }, () => {
        number += 1;
        return {
          name: `${region.name}-${number}号机`,
          regionId: region.id,
          machineType: group.type,
          gpuModelId: modelIds.get(group.gpu)!,
          gpuTotal: GPUS_PER_HOST,
          gpuFree: GPUS_PER_HOST,
          cudaVersion: group.cuda,
          sshHost: `ssh-${region.code}.sandbox.gpu-cloud.local`,
        };
      }),
    );
  });
  if (hostRows.length > 0) await db.insert(hosts).values(hostRows).onConflictDoNothing();
}

/** How many hosts the seed makes (tests check the fleet against it). */
export const SEED_HOST_COUNT = Object.values(SEED_FLEET)
  .flat()
  .reduce((n, g) => n + g.hosts, 0);
