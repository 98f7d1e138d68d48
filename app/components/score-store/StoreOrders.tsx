import { Form } from "@remix-run/react";
import type { StoreOrderWire } from "~/upstream/points-store.server";
import { Badge, Table, type BadgeTone } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import { TableScroll } from "~/components/ui/TableScroll";
import { formatDateTime } from "~/utils/format";

const STATUS: Record<StoreOrderWire["Status"], [string, BadgeTone]> = {
  pending_shipment: ["待发货", "warn"],
  shipped: ["已发货", "primary"],
  completed: ["已完成", "success"],
};

/** The caller's points orders with their delivery status; a shipped parcel can be confirmed as received. */
export function StoreOrders({ orders }: { orders: StoreOrderWire[] }) {
  if (orders.length === 0) return <p>暂无兑换订单</p>;
  return (
    <TableScroll label="兑换订单" minWidth={720}>
      <Table>
        <thead>
          <tr>
            <th>订单号</th>
            <th>商品</th>
            <th>积分</th>
            <th>状态</th>
            <th>物流</th>
            <th>兑换时间</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => {
            const [label, tone] = STATUS[o.Status];
            return (
              <tr key={o.OrderId} data-testid="store-order">
                <td>{o.OrderId}</td>
                <td>{o.ItemName}</td>
                <td>{o.Points}</td>
                <td>
                  <Badge tone={tone}>{label}</Badge>
                </td>
                <td>{o.Carrier ? `${o.Carrier} ${o.TrackingNo ?? ""}` : o.Kind === "goods" ? "" : "已即时发放"}</td>
                <td>{formatDateTime(o.CreatedAt)}</td>
                <td>
                  {o.Status === "shipped" && (
                    <Form method="post" action="/scoreStore">
                      <input type="hidden" name="order_id" value={o.OrderId} />
                      <StatusButton intent="confirm" pendingText="提交中…">
                        确认收货
                      </StatusButton>
                    </Form>
                  )}
                  {o.Kind === "coupon" && o.Status === "completed" && <a href="/console/coupon">去使用</a>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableScroll>
  );
}
