import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { subAccounts, users } from "../../db/schema";
import { staffAccounts } from "../../db/staff-schema";
import type { Db } from "../../db/client";
import { vipLevelFor, vipTier } from "../../rules/vip";
import { fail } from "../errors";

/** The user behind an order as the desk shows them (phone unmasked here; the wire masks it). */
export interface DeskAccountSummary {
  userId: number;
  phone: string;
  kind: "personal" | "enterprise";
  nickname: string;
  companyName: string | null;
  subAccountName: string | null;
  tierName: string;
  verifiedAs: "personal" | "student" | "enterprise" | null;
  createdAt: Date;
}

/** The account (and sub-account) that filed an order: tier from the cumulative top-up, verification as proven. */
export async function deskAccountSummary(
  db: Db,
  owner: { userId: number; subAccountId: number | null },
): Promise<DeskAccountSummary> {
  const [row] = await db
    .select({
      userId: users.id,
      phone: users.phone,
      kind: users.kind,
      nickname: users.nickname,
      companyName: users.companyName,
      accumulatedTopUpFen: users.accumulatedTopUpFen,
      verifiedAs: users.verifiedAs,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, owner.userId));
  if (!row) return fail("WORK_ORDER_NOT_FOUND");
  let subAccountName: string | null = null;
  if (owner.subAccountId !== null) {
    const [sub] = await db
      .select({ name: subAccounts.name })
      .from(subAccounts)
      .where(eq(subAccounts.id, owner.subAccountId));
    subAccountName = sub?.name ?? null;
  }
  return {
    userId: row.userId,
    phone: row.phone,
    kind: row.kind,
    nickname: row.nickname,
    companyName: row.companyName,
    subAccountName,
    tierName: vipTier(vipLevelFor(row.accumulatedTopUpFen)).name,
    verifiedAs: row.verifiedAs,
    createdAt: row.createdAt,
  };
}

export interface StaffRef {
  id: number;
  name: string;
}

/** Display names of these staff ids (disabled accounts included: their old replies keep their names). */
export async function staffNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: staffAccounts.id, name: staffAccounts.displayName })
    .from(staffAccounts)
    .where(inArray(staffAccounts.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Who an order can be handed to: active agents and leads, by name. */
export async function assignableStaff(db: Db): Promise<StaffRef[]> {
  return db
    .select({ id: staffAccounts.id, name: staffAccounts.displayName })
    .from(staffAccounts)
    .where(and(isNull(staffAccounts.disabledAt), inArray(staffAccounts.role, ["agent", "lead"])))
    .orderBy(asc(staffAccounts.displayName), asc(staffAccounts.id));
}

/** An active agent or lead by id, or the field's refusal. */
export async function requireAssignableStaff(db: Db, staffId: number): Promise<StaffRef> {
  const [row] = await db
    .select({ id: staffAccounts.id, name: staffAccounts.displayName })
    .from(staffAccounts)
    .where(
      and(
        eq(staffAccounts.id, staffId),
        isNull(staffAccounts.disabledAt),
        inArray(staffAccounts.role, ["agent", "lead"]),
      ),
    );
  return row ?? fail("BAD_REQUEST", "staff_id", "没有这位可接单的客服");
}
