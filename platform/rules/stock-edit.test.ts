import { describe, expect, it } from "vitest";
import { stockEdit } from "./stock-edit";

describe("a desk form's stock against the stock now", () => {
  it("applies the typed figure when nothing moved, or when no shown figure came with it", () => {
    expect(stockEdit(10, 20, 10)).toEqual({ stock: 20 });
    expect(stockEdit(8, 20, undefined)).toEqual({ stock: 20 });
    expect(stockEdit(8, undefined, 10)).toEqual({ stock: undefined });
  });
  it("keeps what users took when the form did not touch the stock", () => {
    expect(stockEdit(8, 10, 10)).toEqual({ stock: undefined });
  });
  it("refuses a new figure typed over a stock that moved, naming the stock now", () => {
    const edit = stockEdit(8, 20, 10);
    expect(edit).toHaveProperty("refused");
    expect((edit as { refused: string }).refused).toContain("当前库存 8");
  });
});
