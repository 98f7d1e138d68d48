import type { Ctx } from "../modules/context";
import { expireStudentEntries } from "../modules/verification/student";

/** Student verifications past graduation stop counting; verified_as falls back (decision 101). */
export const expireStudentVerifications = (ctx: Ctx) => expireStudentEntries(ctx);
