import { describe, expect, it } from "vitest";
import type { GpuFitWire } from "~/upstream/models.server";
import { fitLine, fitRentalPath } from "./model-fit";
import { aiModelsPath, modelDetailPath } from "./content-paths";
import { parseRentalChoice } from "./rental-choice";

const fit: GpuFitWire = {
  Gpu: { Code: "rtx4090", Name: "RTX 4090", MemoryGb: 24 },
  GpuCount: 1,
  FreeGpus: 12,
  Price: "1.98",
  MachineType: "docker",
  Region: { Code: "bj-a", Name: "北京A区" },
};

describe("a model's GPU line", () => {
  it("says GPUs, free cards and the lowest price per hour as the issue writes it", () => {
    expect(fitLine(fit)).toBe("1 × RTX 4090，空闲 12 卡，¥1.98/时 起");
    expect(fitLine({ ...fit, GpuCount: 4, FreeGpus: 0, Price: "1234.5" })).toBe(
      "4 × RTX 4090，已售罄，¥1,234.50/时 起",
    );
  });

  it("opens the rental form with the offer, the GPU count and the image, as the form reads its query", () => {
    const path = fitRentalPath({ ...fit, GpuCount: 2, MachineType: "kvm" }, 41);
    expect(path).toBe("/createInstance?type=kvm&region=bj-a&gpu=rtx4090&gpus=2&image=41");
    const choice = parseRentalChoice(new URL(path, "http://x").searchParams);
    expect(choice).toMatchObject({ type: "kvm", region: "bj-a", gpu: "rtx4090", gpus: 2, image: 41 });
  });

  it("builds the library's paths, each parameter inside its own segment", () => {
    expect(aiModelsPath()).toBe("/AIModels");
    expect(aiModelsPath("speech")).toBe("/AIModels?family=speech");
    expect(modelDetailPath("qwen2-5-7b-instruct")).toBe("/AIModels/qwen2-5-7b-instruct");
    expect(modelDetailPath("../x")).toBe("/AIModels/..%2Fx");
  });
});
