import { z } from "zod";
import { disableStaffAccount } from "../../modules/staff/accounts";
import { opsCommand } from "../command";

/** `staff disable --login li.lei`: the account can no longer log in, and its sessions end now. */
export const staffDisable = opsCommand({
  name: "staff disable",
  summary: "disable a /desk staff account and end its sessions",
  args: z.object({ login: z.string().min(1).max(32) }),
  async run(ctx, _actor, args) {
    const { before, after } = await disableStaffAccount(ctx, { login: args.login });
    return {
      target: `staff:${before.login}`,
      before: { role: before.role, disabledAt: before.disabledAt },
      after: { role: after.role, disabledAt: after.disabledAt },
      message: before.disabledAt
        ? `staff account ${before.login} was already disabled`
        : `staff account ${before.login} disabled`,
    };
  },
});
