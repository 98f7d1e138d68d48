import { describe, expect, it } from "vitest";
import type { OfferWire } from "~/upstream/market.server";
import { groupKvmStock } from "./kvm-stock";

function offer(gpu: string, region: string, hosts: [number, number][], price = "2.50"): OfferWire {
  const free = hosts.reduce((sum, [f]) => sum + f, 0);
  return {
    MachineType: "kvm",
    Region: { Code: region, Name: `${region}区` },
    Gpu: { Code: gpu, Name: gpu.toUpperCase(), MemoryGb: 24 },
    CpuCoresPerGpu: 8,
    RamGbPerGpu: 32,
    SystemDiskGb: 50,
    DataDiskGbPerGpu: 50,
    Price: price,
    FreeGpus: free,
    MaxFreePerHost: Math.max(...hosts.map(([f]) => f)),
    TotalGpus: hosts.reduce((sum, [, t]) => sum + t, 0),
    GpusPerHost: 8,
    CudaVersions: ["12.4"],
    MaxCudaVersion: "12.4",
    Hosts: hosts.map(([f, t], i) => ({ Name: `${region}-${i}号机`, GpuFree: f, GpuTotal: t, CudaVersion: "12.4" })),
  };
}

describe("groupKvmStock", () => {
  const offers = [
    offer("a100", "bj-a", [
      [3, 8],
      [0, 8],
    ]),
    offer("rtx4090", "bj-a", [[1, 8]], "1.98"),
    offer("a100", "sh-b", [
      [8, 8],
      [2, 8],
      [1, 8],
    ]),
  ];

  it("groups by GPU model in the order the offers come, one row per region", () => {
    const groups = groupKvmStock(offers, 1);
    expect(groups.map((g) => [g.gpuCode, g.rows.map((r) => r.regionCode)])).toEqual([
      ["a100", ["bj-a", "sh-b"]],
      ["rtx4090", ["bj-a"]],
    ]);
    expect(groups[0]!.rows[1]).toEqual({
      regionCode: "sh-b",
      regionName: "sh-b区",
      freeGpus: 11,
      totalGpus: 24,
      hostsWithRoom: 3,
      hosts: 3,
      maxFreePerHost: 8,
      price: "2.50",
    });
  });

  it("counts as hosts with room only those with the GPUs needed free", () => {
    const rooms = (need: number) => groupKvmStock(offers, need).flatMap((g) => g.rows.map((r) => r.hostsWithRoom));
    expect(rooms(1)).toEqual([1, 3, 1]);
    expect(rooms(2)).toEqual([1, 2, 0]);
    expect(rooms(4)).toEqual([0, 1, 0]);
  });

  it("has no groups for no offers", () => {
    expect(groupKvmStock([], 1)).toEqual([]);
  });
});
