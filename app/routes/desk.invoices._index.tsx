import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Badge, Muted, Panel, PanelTitle, Table } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/Pagination";
import { TableScroll } from "~/components/ui/TableScroll";
import { getDeskInvoices } from "~/upstream/invoices.server";
import { requireFinance } from "~/utils/desk-invoices.server";
import { deskInvoicePath } from "~/utils/desk-paths";
import { loadDeskPage } from "~/utils/desk-session.server";
import { formatDateTime } from "~/utils/format";
import { INVOICE_KIND_LABELS, INVOICE_STATUS_LABELS } from "../../platform/rules/invoices";
import { formatWireMoney } from "../../platform/rules/money";
import { pageNumber } from "~/utils/page-number";

export const meta: MetaFunction = () => [{ title: "发票开具 · 客服工作台" }];

const PAGE_SIZE = 20;
const Query = z.object({
  view: z.enum(["waiting", "decided"]).catch("waiting"),
  page: pageNumber(100_000),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const { auth } = await requireFinance(request);
  const url = new URL(request.url);
  const query = Query.parse({
    view: url.searchParams.get("view") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
  });
  const queue = await loadDeskPage(request, () => getDeskInvoices(auth, query.view, query.page, PAGE_SIZE));
  return { query, queue };
}

export default function DeskInvoicesPage() {
  const { query, queue } = useLoaderData<typeof loader>();
  return (
    <Panel>
      <PanelTitle as="h1">发票开具</PanelTitle>
      <nav aria-label="列表" style={{ display: "flex", gap: 16, marginBottom: 12 }}>
        <Link to="/desk/invoices?view=waiting" aria-current={query.view === "waiting" ? "page" : undefined}>
          待处理（申请中、红冲申请中）
        </Link>
        <Link to="/desk/invoices?view=decided" aria-current={query.view === "decided" ? "page" : undefined}>
          已处理
        </Link>
      </nav>
      {queue.list.length === 0 ? (
        <p>暂无发票申请</p>
      ) : (
        <TableScroll label="发票申请" minWidth={720}>
          <Table data-testid="desk-invoices">
            <thead>
              <tr>
                <th>编号</th>
                <th>申请时间</th>
                <th>类型</th>
                <th>抬头</th>
                <th>金额</th>
                <th>状态</th>
              </tr>
            </thead>
            <tbody>
              {queue.list.map((i) => (
                <tr key={i.Id}>
                  <td>
                    <Link to={deskInvoicePath(i.Id)} prefetch="intent">
                      {i.Id}
                    </Link>
                  </td>
                  <td>{formatDateTime(i.CreatedAt)}</td>
                  <td>{INVOICE_KIND_LABELS[i.Kind]}</td>
                  <td>
                    {i.TitleName} {i.TaxNumber && <Muted>{i.TaxNumber}</Muted>}
                  </td>
                  <td>{formatWireMoney(i.Amount)}</td>
                  <td>
                    <Badge tone={i.Status === "reversal_requested" ? "warn" : "primary"}>
                      {INVOICE_STATUS_LABELS[i.Status]}
                    </Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
      <Pagination
        page={query.page}
        pageSize={PAGE_SIZE}
        total={queue.total}
        hrefFor={(p) => `/desk/invoices?view=${query.view}&page=${p}`}
      />
    </Panel>
  );
}
