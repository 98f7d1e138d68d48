import type { Ctx } from "../modules/context";
import { deliverDueMessages } from "../modules/deliveries/deliver";

/** Delivers the outbox's due SMS and email (decision 058): retries after a failure, and anything a kick missed. */
export const deliverMessages = (ctx: Ctx) => deliverDueMessages(ctx);
