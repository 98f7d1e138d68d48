import { describe, expect, it } from "vitest";
import { chosenDuration, monthsLabel, parseRentalChoice, rentalChoiceQuery, sameRental } from "./rental-choice";

describe("the rental form's choice", () => {
  it("reads a store link and fills in the defaults", () => {
    const choice = parseRentalChoice(new URLSearchParams("type=docker&region=bj-a&gpu=rtx4090"));
    expect(choice).toEqual({
      type: "docker",
      region: "bj-a",
      gpu: "rtx4090",
      gpus: 1,
      image: 0,
      mode: "hour",
      hours: 1,
      days: 1,
      months: 1,
      coupon: "",
    });
  });

  it("reads an hour package (包时) of 1–23 hours; 0, 24 and abc fall back to 1 hour", () => {
    const base = "type=docker&region=bj-a&gpu=rtx4090&mode=hour_package";
    const choice = parseRentalChoice(new URLSearchParams(`${base}&hours=3&days=5`));
    expect(choice).toMatchObject({ mode: "hour_package", hours: 3 });
    expect(chosenDuration(choice)).toBe(3);
    expect(rentalChoiceQuery(choice)).toBe("type=docker&region=bj-a&gpu=rtx4090&gpus=1&mode=hour_package&hours=3");
    for (const bad of ["0", "24", "abc"])
      expect(parseRentalChoice(new URLSearchParams(`${base}&hours=${bad}`)).hours).toBe(1);
    expect(chosenDuration({ ...choice, mode: "hour" })).toBeUndefined();
    expect(chosenDuration({ ...choice, mode: "day" })).toBe(5);
  });

  it("drops malformed values instead of failing", () => {
    const choice = parseRentalChoice(
      new URLSearchParams("type=vm&region=<x>&gpu=rtx4090&gpus=99&mode=week&days=30&months=0&coupon=abc"),
    );
    expect(choice).toMatchObject({ type: "docker", region: "", gpus: 1, mode: "hour", days: 1, months: 1, coupon: "" });
  });

  it("puts only the chosen mode's duration in the query", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ type: "kvm", region: "bj-a", gpu: "a100-80g", gpus: "2", image: "3" }))
      form.set(k, v);
    form.set("mode", "month");
    form.set("days", "7");
    form.set("months", "6");
    form.set("coupon", "12");
    const choice = parseRentalChoice(form);
    expect(rentalChoiceQuery(choice)).toBe(
      "type=kvm&region=bj-a&gpu=a100-80g&gpus=2&mode=month&image=3&months=6&coupon=12",
    );
    expect(sameRental(choice, { ...choice, days: 20 })).toBe(true);
    expect(sameRental(choice, { ...choice, months: 12 })).toBe(false);
    expect(sameRental(choice, { ...choice, coupon: "0" })).toBe(false);
  });

  it("names half a year and a year (spec §9)", () => {
    expect(monthsLabel(1)).toBe("1 个月");
    expect(monthsLabel(6)).toBe("半年");
    expect(monthsLabel(12)).toBe("一年");
  });
});
