import { z } from "zod";
import { STAFF_ROLES } from "../../db/staff-schema";
import { addStaffAccount } from "../../modules/staff/accounts";
import { opsCommand } from "../command";

/**
 * `staff add --login li.lei --name 李雷 --role agent --password-stdin`: a staff
 * account for /desk (docs/decisions/039). The password comes from standard
 * input (the CLI reads it for --password-stdin), never from the command line,
 * and never enters the audit.
 */
export const staffAdd = opsCommand({
  name: "staff add",
  summary:
    "create a /desk staff account (--login --name --role agent|lead|editor|reviewer|finance|marketing|admin --password-stdin)",
  args: z.object({
    login: z.string().min(1).max(32),
    name: z.string().min(1).max(32),
    role: z.enum(STAFF_ROLES),
    password: z.string().min(1).max(128),
  }),
  async run(ctx, _actor, args) {
    const staff = await addStaffAccount(ctx, {
      login: args.login,
      displayName: args.name,
      role: args.role,
      password: args.password,
    });
    return {
      target: `staff:${staff.login}`,
      before: null,
      after: { id: staff.id, login: staff.login, displayName: staff.displayName, role: staff.role },
      message: `staff account ${staff.login} (${staff.displayName}, ${staff.role}) created`,
    };
  },
});
