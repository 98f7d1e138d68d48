import { inArray } from "drizzle-orm";
import type { Db } from "./client";
import type { DemoPasswordHashes } from "./seed-passwords";
import { staffAccounts } from "./staff-schema";

/**
 * The demo desk's staff (development and `npm start` only, with the demo
 * account): an agent, a lead and a marketing operator (运营: the points store and
 * the raffle, decision 125) to log in to /desk with. In a fresh database
 * the agent is staff id 1, the id the demo work orders are assigned to
 * (seed-work-orders.ts). Production staff are made with `npm run ops -- staff add`.
 */
export const DEMO_STAFF = [
  { login: "demo.agent", displayName: "客服小林", role: "agent", password: "Desk-demo-2026" },
  { login: "demo.lead", displayName: "组长老周", role: "lead", password: "Desk-demo-2026" },
  { login: "demo.marketing", displayName: "运营小陈", role: "marketing", password: "Desk-demo-2026" },
] as const;

/** Idempotent: existing logins are left as they are. */
export async function seedDemoStaff(db: Db, hashes: DemoPasswordHashes): Promise<void> {
  const existing = new Set(
    (
      await db
        .select({ login: staffAccounts.login })
        .from(staffAccounts)
        .where(
          inArray(
            staffAccounts.login,
            DEMO_STAFF.map((s) => s.login),
          ),
        )
    ).map((r) => r.login),
  );
  for (const staff of DEMO_STAFF.filter((s) => !existing.has(s.login))) {
    await db
      .insert(staffAccounts)
      .values({
        login: staff.login,
        displayName: staff.displayName,
        role: staff.role,
        passwordHash: await hashes.get(staff.login),
      })
      .onConflictDoNothing({ target: staffAccounts.login });
  }
}
