/** The batch lane (decision 054): lookups that arrive together go as one statement, one statement at a time. */
import { describe, expect, it } from "vitest";
import { batchLane } from "./batch-lane";

/** A lookup whose statements are recorded and answered when the test says so. */
function recordedLookup() {
  const statements: string[][] = [];
  const pending: (() => void)[] = [];
  const run = (keys: string[]) => {
    statements.push(keys);
    return new Promise<Map<string, string>>((resolve, reject) =>
      pending.push(() =>
        keys.includes("boom")
          ? reject(new Error("statement failed"))
          : resolve(new Map(keys.map((k) => [k, `row ${k}`]))),
      ),
    );
  };
  const answerNext = async () => {
    while (pending.length === 0) await new Promise((r) => setImmediate(r));
    pending.shift()!();
  };
  return { run, statements, answerNext };
}

describe("batchLane", () => {
  it("sends a lone lookup alone, at the end of the turn", async () => {
    const { run, statements, answerNext } = recordedLookup();
    const lane = batchLane(run, 10);
    const row = lane.lookup("a");
    expect(statements).toEqual([]);
    await answerNext();
    expect(await row).toBe("row a");
    expect(statements).toEqual([["a"]]);
  });

  it("sends lookups of one turn together, and those that arrive meanwhile as the next statement", async () => {
    const { run, statements, answerNext } = recordedLookup();
    const lane = batchLane(run, 10);
    const first = ["a", "b", "c"].map((k) => lane.lookup(k));
    await new Promise((r) => setImmediate(r));
    const later = ["d", "e"].map((k) => lane.lookup(k));
    await answerNext();
    await answerNext();
    expect(await Promise.all([...first, ...later])).toEqual(["row a", "row b", "row c", "row d", "row e"]);
    expect(statements).toEqual([
      ["a", "b", "c"],
      ["d", "e"],
    ]);
  });

  it("asks for a key once however many wait for it, and answers each; a key without a row is null", async () => {
    const lane = batchLane(
      async (keys: string[]) => new Map(keys.filter((k) => k !== "gone").map((k) => [k, k.length])),
      10,
    );
    expect(await Promise.all(["ab", "ab", "gone", "abc"].map((k) => lane.lookup(k)))).toEqual([2, 2, null, 3]);
  });

  it("carries at most maxPerStatement keys a statement", async () => {
    const sizes: number[] = [];
    const lane = batchLane(async (keys: number[]) => {
      sizes.push(keys.length);
      return new Map(keys.map((k) => [k, k * 2]));
    }, 10);
    const rows = await Promise.all(Array.from({ length: 25 }, (_, i) => lane.lookup(i)));
    expect(rows).toEqual(Array.from({ length: 25 }, (_, i) => i * 2));
    expect(sizes).toEqual([10, 10, 5]);
  });

  it("fails the lookups of a failed statement only; the lane goes on", async () => {
    const { run, statements, answerNext } = recordedLookup();
    const lane = batchLane(run, 10);
    const failed = [lane.lookup("boom"), lane.lookup("x")];
    await new Promise((r) => setImmediate(r));
    const next = lane.lookup("y");
    await answerNext();
    await answerNext();
    for (const lookup of failed) await expect(lookup).rejects.toThrow("statement failed");
    expect(await next).toBe("row y");
    expect(statements).toEqual([["boom", "x"], ["y"]]);
    const again = lane.lookup("z");
    await answerNext();
    expect(await again).toBe("row z");
  });
});
