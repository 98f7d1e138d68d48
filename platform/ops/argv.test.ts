import { describe, expect, it } from "vitest";
import { parseOpsArgv } from "./argv";

describe("parseOpsArgv", () => {
  it("reads the command words and the named values", () => {
    expect(parseOpsArgv(["transfer", "confirm", "--out-trade-no", "2026A", "--reason", "到账 核对"])).toEqual({
      command: "transfer confirm",
      args: { "out-trade-no": "2026A", reason: "到账 核对" },
    });
    expect(parseOpsArgv(["help"])).toEqual({ command: "help", args: {} });
  });

  it("refuses no command, a name without a value, and a bare value", () => {
    expect(parseOpsArgv([])).toBeNull();
    expect(parseOpsArgv(["--user", "1"])).toBeNull();
    expect(parseOpsArgv(["credit", "set", "--user"])).toBeNull();
    expect(parseOpsArgv(["credit", "set", "--user", "1", "stray"])).toBeNull();
  });
});
