import { and, asc, count, desc, eq, inArray, isNull, lte, type SQL } from "drizzle-orm";
import { users } from "../../db/schema";
import { staffAccounts } from "../../db/staff-schema";
import { workOrderCategories, workOrderQuestions, workOrders, type WorkOrderStatus } from "../../db/work-order-schema";
import type { Ctx } from "../context";
import type { Page } from "../page";
import type { StaffCaller } from "../staff/caller";

/** What the desk's queue may be narrowed to (a GET form). */
export interface DeskQueueFilter {
  /** "open": new, processing and waiting for the user; "all": every state. */
  status: WorkOrderStatus | "open" | "all";
  categoryId: number | null;
  /** Only orders whose user has waited at least this many hours for us. */
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

function conditions(ctx: Ctx, staff: StaffCaller, filter: DeskQueueFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (filter.status === "open") where.push(inArray(workOrders.status, OPEN));
  else if (filter.status !== "all") where.push(eq(workOrders.status, filter.status));
  if (filter.categoryId !== null) where.push(eq(workOrders.categoryId, filter.categoryId));
  if (filter.minWaitHours !== null) {
    // Waiting for us that long: our move, and the user's last word older than the bound.
    where.push(inArray(workOrders.status, OURS));
    where.push(lte(workOrders.lastUserActivityAt, new Date(ctx.now().getTime() - filter.minWaitHours * 3600_000)));
  }
  if (filter.assignee === "me") where.push(eq(workOrders.assigneeStaffId, staff.staffId));
  else if (filter.assignee === "none") where.push(isNull(workOrders.assigneeStaffId));
  else if (typeof filter.assignee === "number") where.push(eq(workOrders.assigneeStaffId, filter.assignee));
  return and(...where);
}

/**
 * The desk's queue: every user's orders (staff see all), narrowed by the
 * filter, the longest-waiting first among open orders (then newest), one page.
 */
export async function listDeskQueue(
  ctx: Ctx,
  staff: StaffCaller,
  filter: DeskQueueFilter,
): Promise<Page<DeskQueueItem>> {
  const where = conditions(ctx, staff, filter);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: workOrders.id,
        title: workOrders.title,
        status: workOrders.status,
        categoryName: workOrderCategories.name,
        questionName: workOrderQuestions.name,
        userPhone: users.phone,
        assigneeId: staffAccounts.id,
        assigneeName: staffAccounts.displayName,
        createdAt: workOrders.createdAt,
        lastUserActivityAt: workOrders.lastUserActivityAt,
        lastStaffReplyAt: workOrders.lastStaffReplyAt,
        staffUnread: workOrders.staffUnread,
        endedAt: workOrders.endedAt,
      })
      .from(workOrders)
      .innerJoin(workOrderCategories, eq(workOrderCategories.id, workOrders.categoryId))
      .innerJoin(workOrderQuestions, eq(workOrderQuestions.id, workOrders.questionId))
      .innerJoin(users, eq(users.id, workOrders.userId))
      .leftJoin(staffAccounts, eq(staffAccounts.id, workOrders.assigneeStaffId))
      .where(where)
      // Open orders first (ended_at null), the longest waiting first; ended ones newest first.
      .orderBy(desc(isNull(workOrders.endedAt)), asc(workOrders.lastUserActivityAt), desc(workOrders.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    ctx.db.select({ n: count() }).from(workOrders).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      categoryName: r.categoryName,
      questionName: r.questionName,
      userPhone: r.userPhone,
      assignee: r.assigneeId === null ? null : { id: r.assigneeId, name: r.assigneeName ?? "" },
      createdAt: r.createdAt,
      lastUserActivityAt: r.lastUserActivityAt,
      lastStaffReplyAt: r.lastStaffReplyAt,
      unread: r.staffUnread && OPEN.includes(r.status),
      waitingForUs: OURS.includes(r.status),
    })),
    total: total?.n ?? 0,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}
