import { z } from "zod";
import { confirmReservation } from "../../modules/market/reservation-status";
import { rowIdArg } from "../args";
import { opsCommand } from "../command";

/** `reservation confirm --id 12`: staff agreed a bare-metal reservation with its user; they get a site message. */
export const reservationConfirm = opsCommand({
  name: "reservation confirm",
  summary: "confirm a pending bare-metal reservation; its user gets a site message",
  args: z.object({ id: rowIdArg("reservation") }),
  async run(ctx, _actor, args) {
    const { before, after, userId } = await confirmReservation(ctx, { id: args.id });
    return {
      target: `reservation:${args.id}`,
      before: { status: before },
      after: { status: after },
      message: `reservation ${args.id} confirmed; account ${userId} notified`,
    };
  },
});
