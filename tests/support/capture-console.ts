import { vi } from "vitest";

/**
 * Every console line from now on, pushed to `lines` (a provider's default log is the console), for a test that
 * asserts what was logged; vi.restoreAllMocks() ends it.
 */
export function captureConsole(lines: string[]): void {
  for (const level of ["log", "info", "warn", "error", "debug"] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => lines.push(args.map(String).join(" ")));
}
