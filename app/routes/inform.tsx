import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Page, Panel } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/Pagination";
import { styled } from "~/components/ui/stitches.config";
import { getNoticePage } from "~/upstream/notices.server";
import { formatDate } from "~/utils/format";
import { markNoticesSeen } from "~/utils/notice-seen.server";
import { informDetailPath } from "~/utils/paths";
import { loadPage } from "~/utils/upstream-errors.server";
import { pageNumber } from "~/utils/page-number";

export const meta: MetaFunction = () => [{ title: "平台公告 · 算力云" }];
export const handle = { showContact: true };

const PAGE_SIZE = 10;
const Query = z.object({ page: pageNumber() });

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { page } = Query.parse(Object.fromEntries(new URL(request.url).searchParams));
    const result = await getNoticePage(page, PAGE_SIZE);
    const headers = new Headers();
    // Viewing the list marks the newest notice as seen.
    if (page === 1 && result.data[0]) headers.append("Set-Cookie", await markNoticesSeen(result.data[0].Id));
    return data({ notices: result.data, total: result.total, page, pageSize: PAGE_SIZE }, { headers });
  });
}

const List = styled("ul", {
  listStyle: "none",
  margin: 0,
  padding: 0,
  li: { padding: "$4 0", borderBottom: "1px solid #ECEDF0" },
  h2: { fontSize: "$lg", margin: "0 0 $1" },
  p: { margin: 0, color: "$mutedText" },
  time: { color: "$mutedText", fontSize: "$sm" },
});

export default function InformPage() {
  const { notices, total, page, pageSize } = useLoaderData<typeof loader>();
  return (
    <Page>
      <Panel>
        <h1>平台公告</h1>
        {notices.length === 0 ? (
          <p>暂无公告</p>
        ) : (
          <List>
            {notices.map((n) => (
              <li key={n.Id}>
                <h2>
                  <Link to={informDetailPath(n.Id)}>{n.Title}</Link>
                </h2>
                <time dateTime={n.PublishedAt}>{formatDate(n.PublishedAt)}</time>
                <p>{n.Summary}</p>
              </li>
            ))}
          </List>
        )}
        <Pagination page={page} pageSize={pageSize} total={total} hrefFor={(p) => `/inform?page=${p}`} />
      </Panel>
    </Page>
  );
}
