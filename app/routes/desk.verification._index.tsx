import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Button } from "~/components/ui/Button";
import { Muted, Panel, PanelTitle, Table } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/Pagination";
import { TableScroll } from "~/components/ui/TableScroll";
import { getReviewQueue, VERIFICATION_METHOD_LABELS } from "~/upstream/verification-review.server";
import { waitingText } from "~/utils/desk-age";
import { deskVerificationPath } from "~/utils/desk-paths";
import { loadDeskPage } from "~/utils/desk-session.server";
import { requireReviewer } from "~/utils/desk-verification.server";
import { REVIEW_KIND_LABELS } from "../../platform/rules/verification-review";
import { Filters, WaitFilter, waitQuery } from "~/components/desk/WaitFilter";
import { pageNumber } from "~/utils/page-number";

export const meta: MetaFunction = () => [{ title: "实名审核 · 客服工作台" }];

const PAGE_SIZE = 20;
const KINDS = ["personal", "enterprise", "student", "other"] as const;

/** The queue's filters from the query string; anything unknown falls back to no filter. */
const QueueQuery = z.object({
  kind: z.enum(KINDS).optional().catch(undefined),
  wait: waitQuery,
  page: pageNumber(100_000),
});
type QueueQuery = z.infer<typeof QueueQuery>;

export async function loader({ request }: LoaderFunctionArgs) {
  const { auth } = await requireReviewer(request);
  const url = new URL(request.url);
  const query = QueueQuery.parse({
    kind: url.searchParams.get("kind") || undefined,
    wait: url.searchParams.get("wait") || undefined,
    page: url.searchParams.get("page") ?? undefined,
  });
  const queue = await loadDeskPage(request, () =>
    getReviewQueue(auth, { kind: query.kind, min_wait_hours: query.wait, page: query.page, page_size: PAGE_SIZE }),
  );
  return {
    query,
    queue: {
      ...queue,
      list: queue.list.map((e) => ({
        ...e,
        kind_label: REVIEW_KIND_LABELS[e.kind],
        method_label: VERIFICATION_METHOD_LABELS[e.method],
      })),
    },
    now: new Date().toISOString(),
  };
}

/** The queue with these filters: every filter in the URL, so it works without JavaScript. */
function queuePath(query: QueueQuery): string {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.kind) params.set("kind", query.kind);
  if (query.wait) params.set("wait", String(query.wait));
  return `/desk/verification?${params.toString()}`;
}

export default function DeskVerificationQueuePage() {
  const { query, queue, now } = useLoaderData<typeof loader>();
  return (
    <Panel>
      <PanelTitle as="h1">实名审核</PanelTitle>
      <Filters method="get" aria-label="筛选认证申请">
        <label>
          认证类型
          <select name="kind" defaultValue={query.kind ?? ""}>
            <option value="">全部类型</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {REVIEW_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <WaitFilter value={query.wait} />
        <Button type="submit" variant="secondary">
          筛选
        </Button>
      </Filters>
      {queue.list.length === 0 ? (
        <p>
          <Muted>没有待审核的申请</Muted>
        </p>
      ) : (
        <TableScroll label="待审核的认证申请" minWidth={760}>
          <Table>
            <thead>
              <tr>
                <th>编号</th>
                <th>类型</th>
                <th>方式</th>
                <th>用户</th>
                <th>姓名</th>
                <th>等待</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {queue.list.map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.id}</td>
                  <td>{entry.kind_label}</td>
                  <td>{entry.method_label}</td>
                  <td>{entry.user_phone}</td>
                  <td>{entry.name || <Muted>—</Muted>}</td>
                  <td>{waitingText(entry.created_at, new Date(now))}</td>
                  <td>
                    <Link to={deskVerificationPath(entry.id)} prefetch="intent">
                      审核
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
      <Pagination
        page={queue.page}
        pageSize={queue.page_size}
        total={queue.total}
        hrefFor={(page) => queuePath({ ...query, page })}
      />
    </Panel>
  );
}
