import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DeskFileLink, type DeskFile } from "~/components/desk/DeskFiles";
import { DeskThread } from "~/components/desk/DeskThread";
import { ATTACHMENT_ACCEPT, AttachmentField } from "~/components/work-orders/AttachmentField";
import { StatusBadge } from "~/components/work-orders/StatusBadge";
import { DeskReplyEditor } from "~/components/desk/DeskReplyEditor";
import { FieldError } from "~/components/ui/Field";
import { Badge, Muted, Panel, PanelTitle, Row } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import { StatusButton } from "~/components/ui/StatusButton";
import { UPLOAD_FILE_MAX_BYTES, UPLOAD_FILES_PER_FORM, type WorkOrderFileWire } from "~/upstream/desk-files.server";
import { getDeskOrder, WORK_ORDER_STATUS_LABELS } from "~/upstream/desk.server";
import { waitingText } from "~/utils/desk-age";
import { handleDeskOrderAction } from "~/utils/desk-order-actions.server";
import { loadDeskPage, requireStaff } from "~/utils/desk-session.server";
import { formatDateTime } from "~/utils/format";
import { renderDeskMarkdown } from "~/utils/desk-markdown.server";
import { myWorkOrderDetailPath } from "~/utils/console-paths";
import { deskFilePath, deskOrderUploadPath } from "~/utils/desk-paths";

export { markdownEditorLinks as links } from "~/components/markdown-editor/MarkdownEditor";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `工单 #${data.order.id} · 客服工作台` : "工单 · 客服工作台" },
];

const RASTER = new Set(["image/png", "image/jpeg", "image/gif"]);

/** A file as the desk links it: through the desk's file route, never the users'. */
const deskFile = (f: WorkOrderFileWire): DeskFile => ({
  id: f.id,
  name: f.name,
  url: deskFilePath(f.id),
  image: RASTER.has(f.mime),
  width: f.width,
  height: f.height,
});

function orderIdOf(params: { id?: string }): number {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw new Response("工单不存在", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = orderIdOf(params);
  const { auth, staff } = await requireStaff(request);
  const order = await loadDeskPage(request, () => getDeskOrder(auth, id));
  // The text, the files and the events go to the page rendered (bodyHtml, attachments, thread), not a second time raw.
  const { content, attachments, events, ...facts } = order;
  return {
    me: staff.id,
    order: facts,
    statusLabel: WORK_ORDER_STATUS_LABELS[order.status],
    bodyHtml: renderDeskMarkdown(content),
    // The page the user reads the order on, to paste into a chat: the user lands on it after logging in.
    userLink: new URL(myWorkOrderDetailPath(order.id), request.url).href,
    uploadUrl: deskOrderUploadPath(order.id),
    // Per staff member and order, and apart from the user's drafts (`work-order-reply:…`) on a shared browser.
    draftKey: `desk-reply:${staff.id}:${order.id}`,
    attachments: attachments.map(deskFile),
    fileLimits: { maxFiles: UPLOAD_FILES_PER_FORM, maxFileMegabytes: UPLOAD_FILE_MAX_BYTES / 1024 / 1024 },
    thread: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      author: e.author,
      html: e.content ? renderDeskMarkdown(e.content) : "",
      from_label: e.from_status ? WORK_ORDER_STATUS_LABELS[e.from_status] : null,
      to_label: e.to_status ? WORK_ORDER_STATUS_LABELS[e.to_status] : null,
      file: e.file ? deskFile(e.file) : null,
      created_at: e.created_at,
    })),
    now: new Date().toISOString(),
  };
}

export function action({ request, params }: ActionFunctionArgs) {
  return handleDeskOrderAction(request, orderIdOf(params));
}

const UserLink = styled("input", {
  width: "100%",
  height: 30,
  padding: "0 $2",
  marginBottom: "$2",
  border: "1px solid $border",
  borderRadius: "$sm",
  fontSize: "$sm",
});
const Layout = styled("div", { display: "grid", gap: "$4", "@desktop": { gridTemplateColumns: "1fr 320px" } });
const Facts = styled("dl", {
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: "$1 $3",
  margin: 0,
  fontSize: "$md",
  dt: { color: "$mutedText" },
  dd: { margin: 0 },
});
const Select = styled("select", {
  height: "$control",
  border: "1px solid $border",
  borderRadius: "$sm",
  padding: "0 $2",
});

const OPEN = new Set(["new", "processing", "waiting_user"]);

export default function DeskOrderPage() {
  const { me, order, statusLabel, bodyHtml, attachments, fileLimits, thread, now, userLink, uploadUrl, draftKey } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.fieldErrors ?? {};
  const open = OPEN.has(order.status);
  return (
    <Layout>
      <div>
        <Panel>
          <Row css={{ justifyContent: "space-between" }}>
            <PanelTitle as="h1">
              #{order.id} {order.title}
            </PanelTitle>
            <Link to="/desk">← 返回队列</Link>
          </Row>
          <Row css={{ marginBottom: "$3" }}>
            <StatusBadge status={order.status} label={statusLabel} testId="order-status" />
            {order.unread && <Badge>用户有新回复</Badge>}
            {order.unread && <Muted>{waitingText(order.last_user_activity_at, new Date(now))}</Muted>}
            <Muted>
              {order.category_name} / {order.question_name}
            </Muted>
          </Row>
          <div className="markdown-body" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
          {attachments.length > 0 && (
            <ul aria-label="附件">
              {attachments.map((f) => (
                <li key={f.id}>
                  <DeskFileLink file={f} />
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel>
          <PanelTitle>处理记录</PanelTitle>
          <DeskThread entries={thread} />
        </Panel>
        <Panel>
          <PanelTitle>回复与处理</PanelTitle>
          <Form method="post" encType="multipart/form-data" noValidate>
            {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
            <DeskReplyEditor
              // A new editor once the action has added to the thread: the sent text does not stay in the box.
              key={thread.length}
              defaultValue={result && !result.ok ? result.values.content : undefined}
              error={errors.content ?? errors.attachment_ids}
              draftKey={draftKey}
              uploadUrl={open ? uploadUrl : undefined}
              limits={fileLimits}
            />
            <AttachmentField
              accept={ATTACHMENT_ACCEPT}
              limits={fileLimits}
              error={errors.files}
              purpose="随回复或补充请求发给用户。"
            />
            <Row css={{ marginTop: "$3" }}>
              {open && (
                <StatusButton intent="reply" pendingText="发送中…">
                  回复用户
                </StatusButton>
              )}
              <StatusButton intent="note" variant="secondary">
                添加内部备注
              </StatusButton>
              {open && (
                <StatusButton intent="ask" variant="secondary">
                  请用户补充
                </StatusButton>
              )}
              {open && (
                <StatusButton intent="resolve" variant="secondary">
                  标记已解决
                </StatusButton>
              )}
              {(open || order.status === "resolved") && (
                <StatusButton intent="close" variant="danger">
                  关闭工单
                </StatusButton>
              )}
            </Row>
          </Form>
        </Panel>
      </div>
      <div>
        <Panel>
          <PanelTitle>处理人</PanelTitle>
          <p data-testid="order-assignee">{order.assignee ? order.assignee.name : <Muted>未分配</Muted>}</p>
          {open && order.assignee?.id !== me && (
            <Form method="post">
              <StatusButton intent="take">接单</StatusButton>
            </Form>
          )}
          {open && (
            <Form method="post" noValidate>
              <label htmlFor="desk-reassign">转派给</label>
              <Row css={{ marginTop: "$1" }}>
                <Select
                  id="desk-reassign"
                  name="staff_id"
                  defaultValue=""
                  aria-invalid={errors.staff_id ? true : undefined}
                  aria-describedby={errors.staff_id ? "desk-reassign-error" : undefined}
                >
                  <option value="">请选择客服</option>
                  {order.staff.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </Select>
                <StatusButton intent="reassign" variant="secondary">
                  转派
                </StatusButton>
              </Row>
              <FieldError id="desk-reassign-error" role={errors.staff_id ? "alert" : undefined}>
                {errors.staff_id ?? ""}
              </FieldError>
            </Form>
          )}
        </Panel>
        <Panel>
          <PanelTitle>用户信息</PanelTitle>
          <Facts data-testid="account-summary">
            <dt>手机号</dt>
            <dd>{order.account.phone}</dd>
            <dt>账号</dt>
            <dd>
              {order.account.nickname}（{order.account.kind_label}）
            </dd>
            {order.account.sub_account_name && (
              <>
                <dt>子账号</dt>
                <dd>{order.account.sub_account_name}</dd>
              </>
            )}
            <dt>会员等级</dt>
            <dd>{order.account.tier_name}</dd>
            <dt>实名认证</dt>
            <dd>{order.account.verification_label}</dd>
            <dt>注册时间</dt>
            <dd>{formatDateTime(order.account.created_at)}</dd>
            <dt>联系电话</dt>
            <dd>{order.contact_phone}</dd>
          </Facts>
        </Panel>
        <Panel>
          <PanelTitle>相关资源</PanelTitle>
          <p data-testid="order-resource">{order.resource_label}</p>
          <Muted>提交于 {formatDateTime(order.created_at)}</Muted>
        </Panel>
        <Panel>
          <PanelTitle>
            <label htmlFor="user-link">用户查看链接</label>
          </PanelTitle>
          <UserLink id="user-link" readOnly value={userLink} data-testid="user-link" />
          <Muted>发给用户：登录后直接打开这张工单；其他账号打开只会看到 404。</Muted>
        </Panel>
      </div>
    </Layout>
  );
}
