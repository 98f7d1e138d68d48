import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { PointsStoreTabs } from "~/components/desk/MarketingTabs";
import { Field, FieldError } from "~/components/ui/Field";
import { Badge, Muted, Panel, PanelTitle, Table } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/Pagination";
import { StatusButton } from "~/components/ui/StatusButton";
import { TableScroll } from "~/components/ui/TableScroll";
import { getDeskStoreOrders, readDeskShippingLabel, shipDeskStoreOrder } from "~/upstream/marketing-desk.server";
import { formAction } from "~/utils/action.server";
import { requireMarketing } from "~/utils/desk-marketing.server";
import { asStaff, loadDeskPage } from "~/utils/desk-session.server";
import { formatDateTime } from "~/utils/format";
import { pageNumber } from "~/utils/page-number";
import { redirectWithToast } from "~/utils/toast.server";
import { STORE_ORDER_STATUS_LABELS, TRACKING_NUMBER } from "../../platform/rules/marketing-desk";
import * as field from "../../platform/rules/fields";

export const meta: MetaFunction = () => [{ title: "实物发货 · 积分商城 · 客服工作台" }];

const PAGE_SIZE = 20;
const Query = z.object({ view: z.enum(["pending", "shipped"]).catch("pending"), page: pageNumber(100_000) });

export async function loader({ request }: LoaderFunctionArgs) {
  const { auth } = await requireMarketing(request);
  const url = new URL(request.url);
  const query = Query.parse({
    view: url.searchParams.get("view") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
  });
  const orders = await loadDeskPage(request, () => getDeskStoreOrders(auth, query.view, query.page, PAGE_SIZE));
  return { query, orders };
}

const OrderId = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/, "请求有误，请刷新页面后重试") });

const Ship = OrderId.extend({
  carrier: field.requiredText("快递公司", 30),
  tracking_no: field.requiredText("运单号", 40).regex(TRACKING_NUMBER, "运单号需为4-40位字母、数字或-"),
});

export function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireMarketing,
    intents: (intent) => ({
      label: intent(OrderId, async (input, { guard }) => {
        const label = await asStaff(request, () => readDeskShippingLabel(guard.auth, Number(input.id)));
        return {
          notice: `订单 ${label.OrderId} 的完整收货电话已显示，本次查看已记录`,
          values: { label_phone: label.Phone, label_recipient: label.Recipient, label_address: label.Address },
        };
      }),
      ship: intent(Ship, async (input, { guard }) => {
        const shipped = await asStaff(request, () =>
          shipDeskStoreOrder(guard.auth, Number(input.id), input.carrier, input.tracking_no),
        );
        return redirectWithToast("/desk/points/orders", {
          type: "success",
          message: `订单 ${shipped.Id} 已发货：${shipped.Carrier} ${shipped.TrackingNo}`,
        });
      }),
    }),
  });
}

export default function DeskStoreOrdersPage() {
  const { query, orders } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failedId = result && !result.ok ? result.values.id : undefined;
  const label = result?.ok && result.intent === "label" ? result : undefined;
  return (
    <Panel>
      <PanelTitle as="h1">实物发货</PanelTitle>
      <PointsStoreTabs />
      <nav aria-label="订单列表" style={{ display: "flex", gap: 16, marginBottom: 12 }}>
        <Link to="/desk/points/orders?view=pending" aria-current={query.view === "pending" ? "page" : undefined}>
          待发货
        </Link>
        <Link to="/desk/points/orders?view=shipped" aria-current={query.view === "shipped" ? "page" : undefined}>
          已发货
        </Link>
      </nav>
      <p>
        <Muted>
          收货电话已打码；填写快递单时点“查看完整电话”，每次查看都会记录。发货后用户在积分商城的“我的订单”中看到快递公司和运单号。
        </Muted>
      </p>
      {failedId !== undefined && !orders.list.some((o) => String(o.Id) === failedId) && (
        <FieldError role="alert">
          订单 {failedId}：{result?.formError ?? Object.values(result?.fieldErrors ?? {})[0] ?? "发货未成功"}
        </FieldError>
      )}
      {orders.list.length === 0 ? (
        <p>{query.view === "pending" ? "暂无待发货订单" : "暂无已发货订单"}</p>
      ) : query.view === "pending" ? (
        orders.list.map((o) => {
          const errors = failedId === String(o.Id) ? (result?.fieldErrors ?? {}) : {};
          const typed = failedId === String(o.Id) ? (result?.values ?? {}) : {};
          const formError = failedId === String(o.Id) ? (result?.formError ?? errors.order) : undefined;
          return (
            <article
              key={o.Id}
              aria-label={`订单 ${o.Id}`}
              data-testid={`desk-store-order-${o.Id}`}
              style={{ borderTop: "1px solid #D8D8D8", padding: "12px 0" }}
            >
              <h2 style={{ fontSize: 16, margin: "0 0 8px" }}>
                订单 {o.Id} · {o.ItemName} <Badge tone="warn">{STORE_ORDER_STATUS_LABELS[o.Status]}</Badge>
              </h2>
              <p style={{ margin: "0 0 8px" }}>
                收货人：{o.Recipient} · 电话：{o.Phone} · 地址：{o.Address}
                <br />
                <Muted>
                  兑换账号 {o.AccountPhone}，{o.Points} 积分，{formatDateTime(o.CreatedAt)}
                </Muted>
              </p>
              {label?.values.id === String(o.Id) ? (
                <p role="status" data-testid="desk-store-label" style={{ margin: "0 0 8px" }}>
                  面单信息：{label.values.label_recipient} · {label.values.label_phone} · {label.values.label_address}
                  <br />
                  <Muted>{label.notice}</Muted>
                </p>
              ) : (
                <Form method="post" style={{ margin: "0 0 8px" }} aria-label={`订单 ${o.Id} 面单信息`}>
                  <input type="hidden" name="id" value={o.Id} />
                  <StatusButton intent="label" variant="secondary">
                    查看完整电话
                  </StatusButton>
                </Form>
              )}
              <Form method="post" noValidate style={{ maxWidth: 460 }} aria-label={`订单 ${o.Id} 发货`}>
                <input type="hidden" name="id" value={o.Id} />
                {formError && <FieldError role="alert">{formError}</FieldError>}
                <Field
                  label="快递公司"
                  name="carrier"
                  maxLength={30}
                  defaultValue={typed.carrier ?? ""}
                  error={errors.carrier}
                />
                <Field
                  label="运单号"
                  name="tracking_no"
                  maxLength={40}
                  defaultValue={typed.tracking_no ?? ""}
                  error={errors.tracking_no}
                />
                <StatusButton intent="ship">确认发货</StatusButton>
              </Form>
            </article>
          );
        })
      ) : (
        <TableScroll label="已发货订单" minWidth={760}>
          <Table data-testid="desk-store-shipped">
            <thead>
              <tr>
                <th>订单</th>
                <th>商品</th>
                <th>收货人</th>
                <th>快递</th>
                <th>发货时间</th>
                <th>状态</th>
              </tr>
            </thead>
            <tbody>
              {orders.list.map((o) => (
                <tr key={o.Id}>
                  <td>{o.Id}</td>
                  <td>{o.ItemName}</td>
                  <td>
                    {o.Recipient} <Muted>{o.Phone}</Muted>
                  </td>
                  <td>
                    {o.Carrier} {o.TrackingNo}
                  </td>
                  <td>{o.ShippedAt ? formatDateTime(o.ShippedAt) : ""}</td>
                  <td>{STORE_ORDER_STATUS_LABELS[o.Status]}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
      <Pagination
        page={query.page}
        pageSize={PAGE_SIZE}
        total={orders.total}
        hrefFor={(p) => `/desk/points/orders?view=${query.view}&page=${p}`}
      />
    </Panel>
  );
}
