import type { z } from "zod";
import type { Ctx } from "../modules/context";

/** What an operator's command did, for the audit and the terminal. */
export interface OpsOutcome {
  /** What it acted on: "user:13800000000", "recharge:2026…", "withdrawal:12". */
  target: string;
  before: unknown;
  after: unknown;
  /** One line for the operator. */
  message: string;
}

/**
 * One operator command (`npm run ops -- <name> --arg value …`). `run` gets a
 * context whose database is the command's transaction; the runner writes the
 * audit row in that same transaction, so an action and its audit land together.
 */
export interface OpsCommand<A extends z.ZodTypeAny = z.ZodTypeAny> {
  /** The command words, e.g. "transfer confirm". */
  name: string;
  summary: string;
  /** The `--named` arguments; values arrive as strings. */
  args: A;
  run(ctx: Ctx, actor: string, args: z.infer<A>): Promise<OpsOutcome>;
}

/** Declares a command with its argument types inferred from its zod schema. */
export const opsCommand = <A extends z.ZodTypeAny>(command: OpsCommand<A>): OpsCommand<A> => command;
