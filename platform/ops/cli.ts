/**
 * `npm run ops -- <command words> --name value …`: operator commands against a
 * running platform (decision 035). It talks to the platform's /ops door, so it
 * works the same with embedded PGlite (which only the platform's process may
 * open) and with PostgreSQL.
 *
 *   OPS_URL   where the door is: the site or the standalone platform (default http://127.0.0.1:3000), or,
 *             when the platform has OPS_PORT, that port (e.g. http://127.0.0.1:3002; decision 061)
 *   OPS_KEY   the operator key (default: the key file in DATA_DIR, written by a development platform)
 *   OPS_ACTOR who you are, for the audit (default: your login name)
 *
 * `--password-stdin` (a flag without a value) reads a password from standard
 * input, so it never shows in the process list or the shell history.
 */
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import { opsKeyFile } from "./key";
import { parseOpsArgv } from "./argv";

function operatorKey(): string {
  if (process.env.OPS_KEY) return process.env.OPS_KEY;
  const file = opsKeyFile(process.env.DATA_DIR ?? "./data");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  throw new Error(`no operator key: set OPS_KEY, or DATA_DIR to the platform's data directory (looked for ${file})`);
}

/** The first line of standard input (what `echo secret | npm run ops -- … --password-stdin` sends). */
async function readPassword(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
}

async function main(argv: string[]): Promise<number> {
  const base = (process.env.OPS_URL ?? "http://127.0.0.1:3000").replace(/\/+$/, "");
  const headers = { authorization: `Bearer ${operatorKey()}`, "content-type": "application/json" };
  const passwordFromStdin = argv.includes("--password-stdin");
  const parsed = parseOpsArgv(argv.filter((a) => a !== "--password-stdin"));
  if (parsed && passwordFromStdin) parsed.args.password = await readPassword();
  if (!parsed || parsed.command === "help") {
    const reply = await fetch(`${base}/ops/commands`, { headers });
    const body = (await reply.json()) as { commands?: { name: string; summary: string }[]; message?: string };
    if (!reply.ok) throw new Error(body.message ?? `HTTP ${reply.status}`);
    console.log("usage: npm run ops -- <command> --name value …\n");
    for (const c of body.commands ?? []) console.log(`  ${c.name.padEnd(26)} ${c.summary}`);
    return parsed ? 0 : 64;
  }
  const actor = process.env.OPS_ACTOR ?? os.userInfo().username;
  const reply = await fetch(`${base}/ops/run`, {
    method: "POST",
    headers,
    body: JSON.stringify({ command: parsed.command, args: parsed.args, actor }),
  });
  const body = (await reply.json()) as {
    ok: boolean;
    message?: string;
    outcome?: { message: string };
    auditId?: number;
  };
  if (!body.ok) {
    console.error(`refused: ${body.message ?? `HTTP ${reply.status}`}`);
    return 1;
  }
  console.log(`${body.outcome?.message} (audit #${body.auditId})`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`ops: ${error.message}`);
    process.exit(2);
  },
);
