import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DateFilter, FilterForm, SelectFilter } from "~/components/finance/FilterForm";
import { OrderTable } from "~/components/finance/OrderTable";
import { Panel } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/Pagination";
import { getOrders } from "~/upstream/finance.server";
import { ordersQuery, withQuery } from "~/utils/finance-query";
import { requireMainAccount } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { ORDER_KIND_NAMES, ORDER_STATUS_NAMES } from "../../platform/rules/finance";

export const meta: MetaFunction = () => [{ title: "订单记录 · 算力云" }];

const ORDERS_PATH = "/console/finance/orders";
const PAGE_SIZE = 10;

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireMainAccount(request, "子账号无权查看订单记录");
    const query = ordersQuery(new URL(request.url));
    const valid = Object.keys(query.errors).length === 0;
    const { values, errors, page, ...filters } = query;
    const list = valid ? await getOrders(token, { ...filters, page, page_size: PAGE_SIZE }) : null;
    return { values, errors, page, list };
  });
}

export default function OrdersPage() {
  const { values, errors, page, list } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>订单记录</h1>
      <Panel>
        <FilterForm label="筛选订单" resetTo={ORDERS_PATH}>
          <SelectFilter
            label="订单类型"
            name="kind"
            value={values.kind ?? ""}
            options={Object.entries(ORDER_KIND_NAMES)}
            error={errors.kind}
          />
          <SelectFilter
            label="订单状态"
            name="status"
            value={values.status ?? ""}
            options={Object.entries(ORDER_STATUS_NAMES)}
            error={errors.status}
          />
          <DateFilter label="开始日期" name="start_date" value={values.start_date ?? ""} error={errors.start_date} />
          <DateFilter label="结束日期" name="end_date" value={values.end_date ?? ""} error={errors.end_date} />
        </FilterForm>
        {list === null ? (
          <p role="alert">请修正筛选条件后再查询</p>
        ) : list.list.length === 0 ? (
          <p>暂无订单</p>
        ) : (
          <>
            <OrderTable orders={list.list} />
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={list.total}
              hrefFor={(p) => withQuery(ORDERS_PATH, values, p)}
            />
          </>
        )}
      </Panel>
    </>
  );
}
