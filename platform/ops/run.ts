import { opsAudit } from "../db/wallet-schema";
import { inTransaction } from "../db/tx";
import type { Ctx } from "../modules/context";
import type { OpsCommand, OpsOutcome } from "./command";
import { OPS_COMMANDS } from "./commands";

export interface OpsRequest {
  command: string;
  args: Record<string, string>;
  /** Who runs it: the operator's name (OPS_ACTOR, else the login name). */
  actor: string;
}

export type OpsResult =
  | { ok: true; outcome: OpsOutcome; auditId: number }
  | { ok: false; error: "unknown_command" | "bad_arguments"; message: string };

export function findOpsCommand(name: string, commands: OpsCommand[] = OPS_COMMANDS): OpsCommand | undefined {
  return commands.find((c) => c.name === name);
}

/**
 * Runs one operator command in one transaction with its audit row (who, what,
 * on what, before and after). A domain error (fail(...)) rolls both back and
 * reaches the caller as it is.
 */
export async function runOpsCommand(
  ctx: Ctx,
  request: OpsRequest,
  commands: OpsCommand[] = OPS_COMMANDS,
): Promise<OpsResult> {
  const command = findOpsCommand(request.command, commands);
  if (!command) return { ok: false, error: "unknown_command", message: `unknown command: ${request.command}` };
  const parsed = command.args.safeParse(request.args);
  if (!parsed.success) {
    const message = parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; ");
    return { ok: false, error: "bad_arguments", message };
  }
  const actor = request.actor.trim().slice(0, 64) || "unknown";
  return inTransaction(ctx.db, async (tx) => {
    const txCtx: Ctx = { ...ctx, db: tx };
    const outcome = await command.run(txCtx, actor, parsed.data);
    const [audit] = await tx
      .insert(opsAudit)
      .values({
        actor,
        command: command.name,
        target: outcome.target,
        before: outcome.before ?? null,
        after: outcome.after ?? null,
        createdAt: ctx.now(),
      })
      .returning({ id: opsAudit.id });
    return { ok: true as const, outcome, auditId: audit!.id };
  });
}
