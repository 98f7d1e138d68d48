import { and, asc, eq, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { subAccounts, users } from "../../db/schema";
import { workOrderEvents, workOrderFiles } from "../../db/work-order-schema";
import { toFile } from "./files";
import type { WorkOrderEvent } from "./types";

const authorUser = alias(users, "author_user");
const authorSub = alias(subAccounts, "author_sub");

/**
 * An order's thread, oldest first, with author names and attached files.
 * `audience: "user"` leaves internal notes out (users never see them);
 * "staff" gives everything.
 */
export async function loadThread(db: Db, orderId: number, audience: "user" | "staff"): Promise<WorkOrderEvent[]> {
  const rows = await db
    .select({ event: workOrderEvents, userName: authorUser.nickname, subName: authorSub.name, file: workOrderFiles })
    .from(workOrderEvents)
    .leftJoin(authorUser, and(eq(workOrderEvents.authorKind, "user"), eq(authorUser.id, workOrderEvents.authorId)))
    .leftJoin(authorSub, eq(authorSub.id, workOrderEvents.authorSubAccountId))
    // A file detached since is no longer shown in its event (its row stays for the uploader).
    .leftJoin(
      workOrderFiles,
      and(eq(workOrderFiles.id, workOrderEvents.fileId), eq(workOrderFiles.orderId, workOrderEvents.orderId)),
    )
    .where(
      audience === "user"
        ? and(eq(workOrderEvents.orderId, orderId), ne(workOrderEvents.kind, "internal_note"))
        : eq(workOrderEvents.orderId, orderId),
    )
    .orderBy(asc(workOrderEvents.id));
  return rows.map(({ event: e, userName, subName, file }) => ({
    id: e.id,
    kind: e.kind,
    authorKind: e.authorKind,
    authorId: e.authorId,
    authorSubAccountId: e.authorSubAccountId,
    authorName: e.authorKind === "staff" ? null : (subName ?? userName ?? null),
    body: e.body,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    file: file ? toFile(file) : null,
    createdAt: e.createdAt,
  }));
}
