import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ButtonLink } from "~/components/ui/Button";
import { Dot, Panel, Row, Table } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/Pagination";
import { TableScroll } from "~/components/ui/TableScroll";
import { StatusBadge } from "~/components/work-orders/StatusBadge";
import { StatusTabs } from "~/components/work-orders/StatusTabs";
import {
  listWorkOrders,
  OPEN_WORK_ORDER_STATUSES,
  WORK_ORDER_STATUS_LABELS,
  type WorkOrderStatusWire,
} from "~/upstream/work-orders.server";
import { formatDateTime } from "~/utils/format";
import { myWorkOrderDetailPath, myWorkOrderPath } from "~/utils/console-paths";
import { requireUser } from "~/utils/session.server";
import { statusFilterCount } from "~/utils/status-filter-count";
import { loadPage } from "~/utils/upstream-errors.server";
import { workOrderCaller } from "~/utils/work-order-view.server";
import { pageNumber } from "~/utils/page-number";

export const meta: MetaFunction = () => [{ title: "我的工单 · 算力云" }];

const PAGE_SIZE = 10;
export async function loader({ request }: LoaderFunctionArgs) {
  // Built here: the contract's values reach the server bundle only.
  const STATUSES = Object.keys(WORK_ORDER_STATUS_LABELS) as WorkOrderStatusWire[];
  const Query = z.object({
    status: z
      .enum(STATUSES as [WorkOrderStatusWire, ...WorkOrderStatusWire[]])
      .optional()
      .catch(undefined),
    page: pageNumber(),
  });
  return loadPage(request, async () => {
    const { token } = await requireUser(request);
    const { status, page } = Query.parse(Object.fromEntries(new URL(request.url).searchParams));
    const orders = await listWorkOrders(workOrderCaller(request, token), {
      status: status ?? "all",
      page,
      page_size: PAGE_SIZE,
    });
    // 全部, then one tab per state, in the order an order moves through them, each with its count.
    const tabs = [
      { value: undefined, label: "全部" },
      ...STATUSES.map((s) => ({ value: s, label: WORK_ORDER_STATUS_LABELS[s] })),
    ].map((tab) => ({
      label: tab.label,
      href: myWorkOrderPath(tab.value),
      count: statusFilterCount(tab.value ?? "all", orders.status_counts, OPEN_WORK_ORDER_STATUSES),
      current: tab.value === status,
    }));
    return { status, page, orders, tabs };
  });
}

export default function MyWorkOrdersPage() {
  const { status, page, orders, tabs } = useLoaderData<typeof loader>();
  return (
    <>
      <Row style={{ justifyContent: "space-between" }}>
        <h1>我的工单</h1>
        <ButtonLink as={Link} to="/console/createWorkOrder">
          提交工单
        </ButtonLink>
      </Row>
      <Panel>
        <StatusTabs tabs={tabs} />
        {orders.list.length === 0 ? (
          <p>暂无工单</p>
        ) : (
          <TableScroll label="工单列表" minWidth={680}>
            <Table data-testid="work-order-list">
              <thead>
                <tr>
                  <th scope="col">工单</th>
                  <th scope="col">问题分类</th>
                  <th scope="col">状态</th>
                  <th scope="col">提交时间</th>
                  <th scope="col">最近回复</th>
                </tr>
              </thead>
              <tbody>
                {orders.list.map((o) => (
                  <tr key={o.id} data-testid="work-order-row">
                    <td data-wrap>
                      <Link to={myWorkOrderDetailPath(o.id)}>
                        #{o.id} {o.title}
                      </Link>{" "}
                      {o.unread && <Dot role="img" aria-label="有未读回复" data-testid="unread-mark" />}
                      {o.sub_account_name && <div>子账号 {o.sub_account_name}</div>}
                    </td>
                    <td data-wrap>
                      {o.category_name} / {o.question_name}
                    </td>
                    <td>
                      <StatusBadge status={o.status} label={o.status_label} />
                    </td>
                    <td>{formatDateTime(o.created_at)}</td>
                    <td>{o.last_reply_at ? formatDateTime(o.last_reply_at) : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
        <Pagination page={page} pageSize={PAGE_SIZE} total={orders.total} hrefFor={(p) => myWorkOrderPath(status, p)} />
      </Panel>
    </>
  );
}
