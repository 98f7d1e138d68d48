import { beforeEach, describe, expect, it, vi } from "vitest";
import { UpstreamError } from "~/upstream/transport.server";
import { HOST_FULL_FIELDS, hostFullOffers } from "./host-full-offer";
import { startOrOfferMigration } from "./migrate.server";

// The platform's answers, here: a start refused for a full host, and the hosts the instance could move to.
const targets = vi.fn<() => { HostId: number }[]>();
vi.mock("~/upstream/instances.server", () => ({
  startInstance: async () => {
    throw new UpstreamError("HOST_GPU_BUSY", 409, 1, "所在主机空闲GPU不足，暂时无法开机", null);
  },
}));
vi.mock("~/upstream/host.server", () => ({
  getMigrateTargets: async () => ({ Instance: {}, Blocked: null, Targets: targets(), StartsAfter: true }),
}));

async function refusal(): Promise<UpstreamError> {
  const error = await startOrOfferMigration("t", "i-1").then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

const outcome = (field: string) => ({
  formError: null,
  fieldErrors: { [field]: "…" },
  values: { instance_uuid: "i-1", intent: "start" },
});

describe("a start refused for a full host", () => {
  beforeEach(() => targets.mockReset());

  it("offers the migration and a start without GPU when another host has room", async () => {
    targets.mockReturnValue([{ HostId: 7 }, { HostId: 8 }]);
    const error = await refusal();
    expect(error).toMatchObject({ key: "HOST_GPU_BUSY", field: HOST_FULL_FIELDS.migratable });
    expect(error.reason).toBe(
      "所在主机空闲GPU不足，暂时无法开机；同地区有 2 台主机空闲GPU足够，可迁移后开机，或以无卡模式开机",
    );
    expect(hostFullOffers(outcome(error.field!), "i-1")).toEqual({
      migrate: true,
      startWithoutGpu: true,
      gpuNotice: true,
    });
  });

  it("offers only a start without GPU when no host has room", async () => {
    targets.mockReturnValue([]);
    const error = await refusal();
    expect(error).toMatchObject({ key: "HOST_GPU_BUSY", field: HOST_FULL_FIELDS.only });
    expect(hostFullOffers(outcome(error.field!), "i-1")).toEqual({
      migrate: false,
      startWithoutGpu: true,
      gpuNotice: true,
    });
  });

  it("offers nothing for another refusal, or another instance's", () => {
    expect(hostFullOffers(outcome("confirm_name"), "i-1")).toBeNull();
    expect(hostFullOffers(outcome(HOST_FULL_FIELDS.only), "i-2")).toBeNull();
    expect(hostFullOffers(null, "i-1")).toBeNull();
  });
});
