import { staffAudit } from "../../db/staff-schema";
import type { Db } from "../../db/client";
import type { StaffCaller } from "./caller";

/** One audited staff action: what was done to what, and the record before and after. */
export interface StaffAuditEntry {
  action: string;
  targetType: string;
  targetId: string | number;
  before: unknown;
  after: unknown;
}

/**
 * Writes the audit row of a staff action. Call it with the transaction that
 * made the change, so the change and its record land or fail together.
 */
export async function recordStaffAudit(db: Db, staff: StaffCaller, at: Date, entry: StaffAuditEntry): Promise<void> {
  await db.insert(staffAudit).values({
    staffId: staff.staffId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    at,
  });
}
