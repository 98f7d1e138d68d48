import markdownStyles from "@uiw/react-markdown-preview/markdown.css";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Page, Panel } from "~/components/ui/layout";
import { getBannerAndNoticeCached, getNotice } from "~/upstream/notices.server";
import { formatDateTime } from "~/utils/format";
import { renderMarkdown } from "~/utils/markdown.server";
import { lastSeenNoticeId, markNoticesSeen } from "~/utils/notice-seen.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: markdownStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.notice.Title ?? "公告"} · 算力云` }];
export const handle = { showContact: true };

export async function loader({ params, request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const id = Number(params.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw new Response("公告不存在或已下线", { status: 404 });
    const notice = await getNotice(id);
    const [{ newest_notice_id }, seen] = await Promise.all([getBannerAndNoticeCached(), lastSeenNoticeId(request)]);
    const headers = new Headers();
    // Opening a notice counts as having seen the list up to the newest one.
    if (newest_notice_id && newest_notice_id !== seen)
      headers.append("Set-Cookie", await markNoticesSeen(newest_notice_id));
    return data(
      {
        notice: { Id: notice.Id, Title: notice.Title, PublishedAt: notice.PublishedAt },
        html: renderMarkdown(notice.Content),
      },
      { headers },
    );
  });
}

export default function InformDetailPage() {
  const { notice, html } = useLoaderData<typeof loader>();
  return (
    <Page>
      <Panel>
        <p>
          <Link to="/inform">← 全部公告</Link>
        </p>
        <h1>{notice.Title}</h1>
        <p>发布时间：{formatDateTime(notice.PublishedAt)}</p>
        <div data-testid="notice-body" dangerouslySetInnerHTML={{ __html: html }} />
      </Panel>
    </Page>
  );
}
