import { describe, expect, it } from "vitest";
import { AA_NORMAL_TEXT, contrastRatio } from "./contrast";
import { BADGE_TONES } from "./layout";
import { colors } from "./stitches.config";

describe("badge tones", () => {
  it.each(Object.entries(BADGE_TONES))("%s: its 12 px text reaches 4.5:1 on its background", (_tone, c) => {
    expect(contrastRatio(colors[c.text], colors[c.background])).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
  });
});
