import { describe, expect, it } from "vitest";
import { compareCuda, FILTER_REASONS, readOfferFilter, storeTypeOf } from "./market-filter";

describe("readOfferFilter", () => {
  it("reads a full filter, prices in fen", () => {
    expect(
      readOfferFilter({
        region: "bj-a",
        gpu: "rtx4090",
        gpu_count: "2",
        cuda: "12.2",
        price_min: "1",
        price_max: "2.5",
      }),
    ).toEqual({
      filter: { region: "bj-a", gpu: "rtx4090", gpuCount: 2, cuda: "12.2", priceMinFen: 100, priceMaxFen: 250 },
      errors: {},
    });
  });

  it("ignores empty fields", () => {
    expect(readOfferFilter({ region: "", gpu: "  ", price_min: "" })).toEqual({ filter: {}, errors: {} });
  });

  it("reports each bad field by name and leaves it out, keeping the good ones", () => {
    const { filter, errors } = readOfferFilter({
      gpu: "rtx4090",
      price_min: "abc",
      gpu_count: "0",
      cuda: "12",
      region: "<script>",
    });
    expect(filter).toEqual({ gpu: "rtx4090" });
    expect(errors).toEqual({
      price_min: FILTER_REASONS.price,
      gpu_count: FILTER_REASONS.gpu_count,
      cuda: FILTER_REASONS.cuda,
      region: FILTER_REASONS.region,
    });
  });

  it("drops the maximum when it is below the minimum", () => {
    expect(readOfferFilter({ price_min: "3", price_max: "1" })).toEqual({
      filter: { priceMinFen: 300 },
      errors: { price_max: FILTER_REASONS.priceOrder },
    });
  });

  it("refuses prices with more than two decimals, negative or huge", () => {
    for (const price of ["1.999", "-1", "9".repeat(40)])
      expect(readOfferFilter({ price_max: price }).errors.price_max).toBe(FILTER_REASONS.price);
  });
});

it("orders CUDA versions as numbers and defaults the store's tab to docker", () => {
  expect(["12.10", "11.8", "12.4", "12.2"].sort(compareCuda)).toEqual(["11.8", "12.2", "12.4", "12.10"]);
  expect(storeTypeOf("kvm")).toBe("kvm");
  expect(storeTypeOf("bare_metal")).toBe("bare_metal");
  expect(storeTypeOf("gpu")).toBe("docker");
  expect(storeTypeOf(null)).toBe("docker");
});

describe("readOfferFilter's sort", () => {
  it("reads the three orders and refuses any other by name", () => {
    for (const sort of ["price_asc", "price_desc", "free_desc"] as const)
      expect(readOfferFilter({ sort })).toEqual({ filter: { sort }, errors: {} });
    expect(readOfferFilter({ sort: "price" })).toEqual({ filter: {}, errors: { sort: FILTER_REASONS.sort } });
    expect(readOfferFilter({ sort: "" })).toEqual({ filter: {}, errors: {} });
  });
});
