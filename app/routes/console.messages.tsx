import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NotificationText } from "~/components/NotificationText";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { z } from "zod";
import { Dot, Muted, Panel, Table } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/Pagination";
import { styled } from "~/components/ui/stitches.config";
import { StatusButton } from "~/components/ui/StatusButton";
import { getMessages, getNotifications } from "~/upstream/notices.server";
import { formatDateTime } from "~/utils/format";
import { requireUser } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { pageNumber } from "~/utils/page-number";

export const meta: MetaFunction = () => [{ title: "消息中心 · 算力云" }];

const PAGE_SIZE = 10;
const Query = z.object({
  tab: z.enum(["messages", "notifications"]).catch("messages"),
  page: pageNumber(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token, user } = await requireUser(request);
    const { tab, page } = Query.parse(Object.fromEntries(new URL(request.url).searchParams));
    if (tab === "notifications") {
      const list = await getNotifications(token, page, PAGE_SIZE);
      return { tab, page, hasPhone: Boolean(user.Phone), notifications: list, messages: null };
    }
    const list = user.Phone ? await getMessages(token, page, PAGE_SIZE) : null;
    return { tab, page, hasPhone: Boolean(user.Phone), notifications: null, messages: list };
  });
}

const Tabs = styled("nav", {
  display: "flex",
  gap: "$4",
  marginBottom: "$4",
  borderBottom: "1px solid #ECEDF0",
  a: { padding: "$2 0", color: "$mutedText", borderBottom: "2px solid transparent", marginBottom: -1 },
  "a[aria-current=page]": { color: "$primaryText", borderColor: "$primary" },
});
const Header = styled("div", { display: "flex", justifyContent: "space-between", alignItems: "center" });

/** When a message came: one line where there is room; on a narrow phone the time goes under the date. */
const SentAt = styled("td", { width: 160, "@narrow": { width: "auto" } });
/** The text: a long order number breaks rather than widening the page. */
const Text = styled("td", { overflowWrap: "anywhere" });

/** One notification or message: unread dot, content, time. */
function FeedRow({ read, at, children }: { read: boolean; at: string; children: ReactNode }) {
  return (
    <tr>
      <td style={{ width: 16 }}>{!read && <Dot role="img" aria-label="未读" />}</td>
      <Text>{children}</Text>
      <SentAt>{formatDateTime(at)}</SentAt>
    </tr>
  );
}

export default function MessagesPage() {
  const { tab, page, notifications, messages } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>消息中心</h1>
      <Panel>
        <Tabs aria-label="消息类型">
          <Link to="/console/messages" aria-current={tab === "messages" ? "page" : undefined}>
            消息
          </Link>
          <Link to="/console/messages?tab=notifications" aria-current={tab === "notifications" ? "page" : undefined}>
            通知
          </Link>
        </Tabs>
        {notifications && (
          <>
            <Header>
              <span>未读 {notifications.unread ?? 0} 条</span>
              {(notifications.unread ?? 0) > 0 && (
                <Form method="post" action="/resources/notifications">
                  <input type="hidden" name="redirectTo" value="/console/messages?tab=notifications" />
                  <StatusButton intent="read-all" formAction="/resources/notifications" variant="secondary" size="sm">
                    全部已读
                  </StatusButton>
                </Form>
              )}
            </Header>
            {notifications.list.length === 0 ? (
              <p>暂无通知</p>
            ) : (
              <Table data-testid="notification-list">
                <tbody>
                  {notifications.list.map((n) => (
                    <FeedRow key={n.Id} read={n.Read} at={n.CreateAt}>
                      <b>{n.Title}</b>
                      {n.FromMainAccount && <Muted> · 主账号的通知</Muted>}
                      <div>
                        <NotificationText text={n.Original} />
                      </div>
                    </FeedRow>
                  ))}
                </tbody>
              </Table>
            )}
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={notifications.total}
              hrefFor={(p) => `/console/messages?tab=notifications&page=${p}`}
            />
          </>
        )}
        {tab === "messages" &&
          (messages === null || messages.list.length === 0 ? (
            <p>暂无新消息</p>
          ) : (
            <>
              <Table data-testid="message-list">
                <tbody>
                  {messages.list.map((m) => (
                    <FeedRow key={m.Id} read={m.Read} at={m.CreateAt}>
                      {m.Message}
                    </FeedRow>
                  ))}
                </tbody>
              </Table>
              <Pagination
                page={page}
                pageSize={PAGE_SIZE}
                total={messages.total}
                hrefFor={(p) => `/console/messages?page=${p}`}
              />
            </>
          ))}
      </Panel>
    </>
  );
}
