import { z } from "zod";
import { parseYuanToFen } from "../rules/money";

/** An operator's amount in yuan as typed ("1,000.50"), read as fen by the spec's amount rule. */
export const yuanArg = z
  .string()
  .transform((v, ctx) => parseYuanToFen(v) ?? (ctx.addIssue({ code: "custom", message: "not an amount" }), z.NEVER));

/** A yuan amount above zero. */
export const positiveYuanArg = yuanArg.refine((fen) => fen > 0, "not a positive amount");

/** A row id as typed: a positive integer of at most 16 digits (within a bigserial and a safe JS number). */
export const rowIdArg = (what: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/, `${what} id (a positive integer)`)
    .transform(Number);
