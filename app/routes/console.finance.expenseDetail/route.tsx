import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BalanceChangeTable } from "~/components/finance/BalanceChangeTable";
import { DateFilter, FilterForm, SelectFilter } from "~/components/finance/FilterForm";
import { SpendingChart } from "~/components/finance/SpendingChart";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/Pagination";
import { EXPENSE_PAGE_SIZE as PAGE_SIZE, withQuery } from "~/utils/finance-query";
import { requireMainAccount } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { ENTRY_KIND_NAMES } from "../../../platform/rules/finance";
import { expenseDetailData } from "./data.server";

export const meta: MetaFunction = () => [{ title: "收支明细 · 算力云" }];

const PATH = "/console/finance/expenseDetail";
const EXPORT_PATH = "/console/finance/expenseDetail/export";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireMainAccount(request, "子账号无权查看财务记录");
    return expenseDetailData(token, new URL(request.url), new Date());
  });
}

export default function ExpenseDetailPage() {
  const { query, list, chart } = useLoaderData<typeof loader>();
  const filters = query.values;
  return (
    <>
      <h1>收支明细</h1>
      <Panel>
        <FilterForm label="筛选收支明细" resetTo={PATH}>
          <DateFilter
            label="开始日期"
            name="start_date"
            value={filters.start_date ?? ""}
            error={query.errors.start_date}
          />
          <DateFilter label="结束日期" name="end_date" value={filters.end_date ?? ""} error={query.errors.end_date} />
          <SelectFilter
            label="变动类型"
            name="kind"
            value={filters.kind ?? ""}
            options={Object.entries(ENTRY_KIND_NAMES)}
            error={query.errors.kind}
          />
        </FilterForm>
        <SpendingChart days={chart.days} from={chart.from} to={chart.to} total={chart.total} />
      </Panel>
      <Panel>
        <PanelTitle>
          明细列表
          {list && list.total > 0 && (
            <a
              href={withQuery(EXPORT_PATH, filters)}
              download
              style={{ marginLeft: 16, fontSize: 14, fontWeight: 400 }}
            >
              导出 CSV
            </a>
          )}
        </PanelTitle>
        {list === null ? (
          <p role="alert">请修正筛选条件后再查询</p>
        ) : list.list.length === 0 ? (
          <p>暂无收支记录</p>
        ) : (
          <>
            <BalanceChangeTable entries={list.list} />
            <Pagination
              page={query.page}
              pageSize={PAGE_SIZE}
              total={list.total}
              hrefFor={(p) => withQuery(PATH, filters, p)}
            />
          </>
        )}
      </Panel>
    </>
  );
}
