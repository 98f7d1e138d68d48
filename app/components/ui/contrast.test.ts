import { describe, expect, it } from "vitest";
import { AA_LARGE_TEXT, AA_NORMAL_TEXT, contrastRatio } from "./contrast";
import { colors } from "./stitches.config";

describe("contrastRatio", () => {
  it("matches WCAG's reference figures", () => {
    expect(contrastRatio("#000000", "#FFFFFF")).toBeCloseTo(21, 5);
    expect(contrastRatio("#FFFFFF", "#FFFFFF")).toBe(1);
    // The spec's colours on white, as axe reports them.
    expect(contrastRatio(colors.muted, "#FFFFFF")).toBeCloseTo(3.25, 2);
    expect(contrastRatio(colors.primary, "#FFFFFF")).toBeCloseTo(3.85, 2);
    expect(contrastRatio(colors.price, "#FFFFFF")).toBeCloseTo(3.77, 2);
  });

  it("is symmetric and refuses what is not #RRGGBB", () => {
    expect(contrastRatio("#417AFF", "#1A191F")).toBe(contrastRatio("#1A191F", "#417AFF"));
    expect(() => contrastRatio("blue", "#FFFFFF")).toThrow(/#RRGGBB/);
  });
});

type Colour = keyof typeof colors | "white";

/** Every place a colour token is text on a background (docs/decisions/023-accessible-colours.md). */
const TEXT_PAIRINGS: Array<[text: Colour, background: Colour, use: string]> = [
  ["text", "panel", "body text"],
  ["text", "page", "body text on the page"],
  ["mutedText", "panel", "secondary text, table headers"],
  ["mutedText", "page", "the dashboard's figure captions"],
  ["mutedText", "mutedSoft", "the muted badge (未认证)"],
  ["primaryText", "panel", "links, link buttons, active tabs"],
  ["primaryText", "primarySoft", "the console nav's active item, the primary badge"],
  ["primaryText", "page", "links on the page background"],
  ["priceText", "panel", "prices and balances"],
  ["priceText", "page", "the dashboard's balances"],
  ["errorText", "panel", "field errors, error toasts"],
  ["successText", "panel", "the login page's notice"],
  ["goldText", "goldSoft", "the membership badge, the work-order badge 处理中"],
  ["warnText", "warnSoft", "the work-order badge 待补充"],
  ["successText", "successSoft", "the work-order badge 已解决"],
  ["white", "primaryFill", "primary buttons, the avatar"],
  ["white", "primaryFillHover", "primary buttons on hover"],
  ["white", "dangerFill", "danger buttons"],
  // The pill's gradient: both ends (sampled at 101 points between them, white text stays 5.18–5.49:1).
  ["white", "promoFrom", "the promotion pill, left end of its gradient"],
  ["white", "promoTo", "the promotion pill, right end of its gradient"],
  ["white", "barDark", "the dark bar's text"],
  ["primary", "barDark", "the dark bar's active tab (the spec's own colour)"],
  ["price", "barDark", "the dark bar's balance (the spec's own colour)"],
  ["primaryText", "barLight", "the light bar's active tab"],
  ["priceText", "barLight", "the light bar's balance"],
];

const hex = (token: Colour) => (token === "white" ? "#FFFFFF" : colors[token]);

describe("colour tokens used as text", () => {
  it.each(TEXT_PAIRINGS)("%s on %s (%s) reaches 4.5:1", (text, background) => {
    expect(contrastRatio(hex(text), hex(background))).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
  });

  it("the spec's own primary, muted and price fail small text on white, which is why the *Text tokens exist", () => {
    for (const brand of [colors.primary, colors.muted, colors.price])
      expect(contrastRatio(brand, colors.panel)).toBeLessThan(AA_NORMAL_TEXT);
    // The spec's primary still serves large text (24 px, or 18.66 px bold) on white.
    expect(contrastRatio(colors.primary, colors.panel)).toBeGreaterThanOrEqual(AA_LARGE_TEXT);
  });
});
