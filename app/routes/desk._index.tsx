import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Button } from "~/components/ui/Button";
import { Dot, Muted, Panel, PanelTitle, Row, Table } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/Pagination";
import { TableScroll } from "~/components/ui/TableScroll";
import { StatusBadge } from "~/components/work-orders/StatusBadge";
import { StatusTabs } from "~/components/work-orders/StatusTabs";
import { getDeskCatalogue, getDeskQueue, WORK_ORDER_STATUS_LABELS } from "~/upstream/desk.server";
import { OPEN_WORK_ORDER_STATUSES } from "~/upstream/work-orders.server";
import { waitingText } from "~/utils/desk-age";
import { loadDeskPage, requireStaff } from "~/utils/desk-session.server";
import { formatDateTime } from "~/utils/format";
import { deskOrderPath } from "~/utils/desk-paths";
import { statusFilterCount } from "~/utils/status-filter-count";
import { Filters, WaitFilter, waitQuery } from "~/components/desk/WaitFilter";
import { pageNumber } from "~/utils/page-number";

export const meta: MetaFunction = () => [{ title: "工单队列 · 客服工作台" }];

const PAGE_SIZE = 20;
const STATUS_OPTIONS = ["open", "new", "processing", "waiting_user", "resolved", "closed", "revoked", "all"] as const;

/** The queue's filters from the query string; anything unknown falls back to its default. */
const QueueQuery = z.object({
  status: z.enum(STATUS_OPTIONS).catch("open"),
  category: z.coerce.number().int().positive().optional().catch(undefined),
  wait: waitQuery,
  assignee: z
    .string()
    .regex(/^(me|none|all|[1-9]\d{0,15})$/)
    .catch("all"),
  page: pageNumber(100_000),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const { auth } = await requireStaff(request);
  const url = new URL(request.url);
  const query = QueueQuery.parse({
    status: url.searchParams.get("status") ?? undefined,
    category: url.searchParams.get("category") || undefined,
    wait: url.searchParams.get("wait") || undefined,
    assignee: url.searchParams.get("assignee") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
  });
  return loadDeskPage(request, async () => {
    const [queue, catalogue] = await Promise.all([
      getDeskQueue(auth, {
        status: query.status,
        category_id: query.category,
        min_wait_hours: query.wait,
        assignee: query.assignee,
        page: query.page,
        page_size: PAGE_SIZE,
      }),
      getDeskCatalogue(auth),
    ]);
    // Labels are read here: the contract's tables reach the page only through its loader data. Each tab keeps
    // the other filters and counts the orders it lists under them.
    const statusTabs = STATUS_OPTIONS.map((value) => ({
      label: value === "open" ? "未结束" : value === "all" ? "全部" : WORK_ORDER_STATUS_LABELS[value],
      href: queuePath({ ...query, status: value, page: 1 }),
      count: statusFilterCount(value, queue.status_counts, OPEN_WORK_ORDER_STATUSES),
      current: value === query.status,
    }));
    return {
      query,
      statusTabs,
      queue: { ...queue, list: queue.list.map((o) => ({ ...o, status_label: WORK_ORDER_STATUS_LABELS[o.status] })) },
      categories: catalogue.categories.map((c) => ({ id: c.id, name: c.name })),
      now: new Date().toISOString(),
    };
  });
}

type QueueQuery = z.infer<typeof QueueQuery>;

/** The queue with these filters (the tabs, the pages): every filter in the URL, so it works without JavaScript. */
function queuePath(query: QueueQuery): string {
  const params = new URLSearchParams({ status: query.status, assignee: query.assignee, page: String(query.page) });
  if (query.category) params.set("category", String(query.category));
  if (query.wait) params.set("wait", String(query.wait));
  return `/desk?${params.toString()}`;
}

export default function DeskQueuePage() {
  const { query, statusTabs, queue, categories, now } = useLoaderData<typeof loader>();
  const hrefFor = (page: number) => queuePath({ ...query, page });
  return (
    <Panel>
      <PanelTitle as="h1">工单队列</PanelTitle>
      <StatusTabs tabs={statusTabs} />
      <Filters method="get" aria-label="筛选工单">
        <input type="hidden" name="status" value={query.status} />
        <label>
          分类
          <select name="category" defaultValue={query.category ?? ""}>
            <option value="">全部分类</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <WaitFilter value={query.wait} />
        <label>
          处理人
          <select name="assignee" defaultValue={query.assignee}>
            <option value="all">全部</option>
            <option value="me">我处理的</option>
            <option value="none">未分配</option>
          </select>
        </label>
        <Button type="submit" variant="secondary">
          筛选
        </Button>
      </Filters>
      {queue.list.length === 0 ? (
        <p>
          <Muted>没有符合条件的工单</Muted>
        </p>
      ) : (
        <TableScroll label="工单队列" minWidth={840}>
          <Table>
            <thead>
              <tr>
                <th>编号</th>
                <th>标题</th>
                <th>状态</th>
                <th>分类 / 问题</th>
                <th>用户</th>
                <th>处理人</th>
                <th>等待</th>
              </tr>
            </thead>
            <tbody>
              {queue.list.map((order) => (
                <tr key={order.id}>
                  <td>{order.id}</td>
                  <td data-wrap>
                    <Row css={{ gap: "$2", flexWrap: "nowrap" }}>
                      {order.unread && <Dot role="img" aria-label="用户有新回复" />}
                      <Link to={deskOrderPath(order.id)} prefetch="intent">
                        {order.title}
                      </Link>
                    </Row>
                  </td>
                  <td>
                    <StatusBadge status={order.status} label={order.status_label} />
                    {order.waiting_for_us && <Muted> 待我们处理</Muted>}
                  </td>
                  <td data-wrap>
                    {order.category_name} / {order.question_name}
                  </td>
                  <td>{order.user_phone}</td>
                  <td>{order.assignee?.name ?? <Muted>未分配</Muted>}</td>
                  <td>
                    {order.unread ? (
                      waitingText(order.last_user_activity_at, new Date(now))
                    ) : (
                      <Muted>{formatDateTime(order.last_staff_reply_at ?? order.created_at)}</Muted>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
      <Pagination page={queue.page} pageSize={queue.page_size} total={queue.total} hrefFor={hrefFor} />
    </Panel>
  );
}
