import type { StaffRole } from "../../db/staff-schema";
import { canEditContent } from "../../rules/content-desk";
import type { Visitor } from "../context";

/**
 * A signed-in staff member behind a live staff session (sessions.ts). Never a
 * user's Caller: staff calls take a StaffCaller, user calls a Caller, and the
 * two tokens live in different tables.
 */
export interface StaffCaller extends Visitor {
  sessionId: number;
  staffId: number;
  login: string;
  displayName: string;
  role: StaffRole;
}

/** Leads (and admins) manage categories, questions and documents and reassign orders; agents answer. */
export function isLead(staff: Pick<StaffCaller, "role">): boolean {
  return staff.role === "lead" || staff.role === "admin";
}

/** Editors (and admins) write the public content: docs, datasets, software and AI models (issue 35). */
export function isEditor(staff: Pick<StaffCaller, "role">): boolean {
  return canEditContent(staff.role);
}
