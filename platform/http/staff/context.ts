import type { Context } from "hono";
import { STAFF_SESSION_HEADER } from "../../contract/staff";
import type { StaffCaller } from "../../modules/staff/caller";
import { resolveStaffSession } from "../../modules/staff/sessions";
import { visitor, type Env } from "../context";

/** The staff member behind the request's staff token header; status 2 when there is none or it is dead. */
export function staffCaller(c: Context<Env>): Promise<StaffCaller> {
  return resolveStaffSession(c.var.ctx, visitor(c), { token: c.req.header(STAFF_SESSION_HEADER) });
}
