import { inArray } from "drizzle-orm";
import { users } from "../../db/schema";
import type { WorkOrderStatus } from "../../db/work-order-schema";
import type { Ctx } from "../context";
import type { Page } from "../page";
import type { StaffCaller } from "../staff/caller";
import { staffNames } from "./desk-people";
import { staffQueue } from "./staff-queue";
import type { StatusCounts } from "./status-counts";

/** What the desk's queue may be narrowed to (a GET form). */
export interface DeskQueueFilter {
  /** "open": new, processing and waiting for the user; "all": every state. */
  status: WorkOrderStatus | "open" | "all";
  categoryId: number | null;
  /** Only orders whose user's last word, unanswered, is at least this many hours old. */
  minWaitHours: number | null;
  /** "me": taken by the caller; "none": nobody's yet; a staff id; "all". */
  assignee: "me" | "none" | "all" | number;
  page: number;
  pageSize: number;
}

export interface DeskQueueItem {
  id: number;
  title: string;
  status: WorkOrderStatus;
  categoryName: string;
  questionName: string;
  userPhone: string;
  assignee: { id: number; name: string } | null;
  createdAt: Date;
  lastUserActivityAt: Date;
  lastStaffReplyAt: Date | null;
  /** The user wrote since our last reply. */
  unread: boolean;
  /** The next step is ours: new, or in progress with the user not asked for anything. */
  waitingForUs: boolean;
}

const OPEN: WorkOrderStatus[] = ["new", "processing", "waiting_user"];
const OURS: WorkOrderStatus[] = ["new", "processing"];

/**
 * The desk's queue: A's staff queue (every account's orders, longest waiting
 * first) narrowed by the desk's filters, with the user's phone and the
 * assignee's name added for the list (two more queries, whatever the page size).
 */
export async function listDeskQueue(
  ctx: Ctx,
  staff: StaffCaller,
  filter: DeskQueueFilter,
): Promise<Page<DeskQueueItem> & { statusCounts: StatusCounts }> {
  const waiting = filter.minWaitHours !== null;
  const page = await staffQueue(
    ctx,
    { staffId: staff.staffId },
    {
      status: filter.status,
      categoryId: filter.categoryId ?? undefined,
      assignee: filter.assignee === "all" ? undefined : filter.assignee === "me" ? staff.staffId : filter.assignee,
      waitingSince: waiting ? new Date(ctx.now().getTime() - filter.minWaitHours! * 3600_000) : undefined,
      waitingForUs: waiting || undefined,
      page: filter.page,
      pageSize: filter.pageSize,
    },
  );
  const userIds = [...new Set(page.items.map((o) => o.userId))];
  const [phones, names] = await Promise.all([
    userIds.length === 0
      ? Promise.resolve(new Map<number, string>())
      : ctx.db
          .select({ id: users.id, phone: users.phone })
          .from(users)
          .where(inArray(users.id, userIds))
          .then((rows) => new Map(rows.map((r) => [r.id, r.phone]))),
    staffNames(
      ctx.db,
      page.items.flatMap((o) => (o.assigneeStaffId === null ? [] : [o.assigneeStaffId])),
    ),
  ]);
  return {
    ...page,
    items: page.items.map((o) => ({
      id: o.id,
      title: o.title,
      status: o.status,
      categoryName: o.categoryName,
      questionName: o.questionName,
      userPhone: phones.get(o.userId) ?? "",
      assignee:
        o.assigneeStaffId === null
          ? null
          : { id: o.assigneeStaffId, name: names.get(o.assigneeStaffId) ?? `客服 #${o.assigneeStaffId}` },
      createdAt: o.createdAt,
      lastUserActivityAt: o.lastUserActivityAt,
      lastStaffReplyAt: o.lastStaffReplyAt,
      unread: o.staffUnread && OPEN.includes(o.status),
      waitingForUs: OURS.includes(o.status),
    })),
  };
}
