/**
 * Reads `transfer confirm --out-trade-no 2026… --reason "…"`: the words before
 * the first `--name` are the command, then name/value pairs. Null when there is
 * no command or a name has no value.
 */
export function parseOpsArgv(argv: string[]): { command: string; args: Record<string, string> } | null {
  const firstFlag = argv.findIndex((a) => a.startsWith("--"));
  const words = firstFlag === -1 ? argv : argv.slice(0, firstFlag);
  if (words.length === 0) return null;
  const args: Record<string, string> = {};
  const rest = firstFlag === -1 ? [] : argv.slice(firstFlag);
  for (let i = 0; i < rest.length; i += 2) {
    const name = rest[i]!;
    const value = rest[i + 1];
    if (!name.startsWith("--") || name.length < 3 || value === undefined) return null;
    args[name.slice(2)] = value;
  }
  return { command: words.join(" "), args };
}
