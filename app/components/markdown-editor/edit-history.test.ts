import { describe, expect, it } from "vitest";
import { HISTORY_LIMIT, record, redo, startHistory, undo } from "./edit-history";

const at = (text: string) => ({ text, selection: { start: text.length, end: text.length } });

describe("edit history", () => {
  it("keeps 20 steps: 25 edits undo back to the 5th and no further", () => {
    let h = startHistory(at("0"));
    for (let i = 1; i <= 25; i++) h = record(h, at(String(i)));
    expect(HISTORY_LIMIT).toBe(20);
    for (let i = 0; i < 20; i++) h = undo(h);
    expect(h.present.text).toBe("5");
    expect(undo(h)).toBe(h);
    for (let i = 0; i < 20; i++) h = redo(h);
    expect(h.present.text).toBe("25");
    expect(redo(h)).toBe(h);
  });

  it("merges typing into one step and drops the redo branch on a new edit", () => {
    let h = startHistory(at(""));
    h = record(h, at("a"));
    h = record(h, at("ab"), true);
    h = record(h, at("abc"), true);
    expect(undo(h).present.text).toBe("");
    h = record(undo(h), at("x"));
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
  });

  it("does not record a change of selection alone as a step", () => {
    const h = record(startHistory(at("a")), { text: "a", selection: { start: 0, end: 0 } });
    expect(h.past).toEqual([]);
    expect(h.present.selection.start).toBe(0);
  });
});
