import type { OrderItemWire } from "~/upstream/finance.server";
import { formatDateTime } from "~/utils/format";
import { ORDER_KIND_NAMES, ORDER_STATUS_NAMES, PAY_TYPE_NAMES } from "../../../platform/rules/finance";
import { Table } from "../ui/layout";
import { TableScroll } from "../ui/TableScroll";
import { formatWireMoney } from "../../../platform/rules/money";

/** How a purchase was paid: vouchers, cash, or both. */
function paidWith(o: OrderItemWire): string {
  if (o.PayType !== null) return PAY_TYPE_NAMES[o.PayType] ?? String(o.PayType);
  const parts = [];
  if (o.PaidVoucher && o.PaidVoucher !== "0.00") parts.push(`算力券 ${formatWireMoney(o.PaidVoucher)}`);
  if (o.PaidCash && o.PaidCash !== "0.00") parts.push(`余额 ${formatWireMoney(o.PaidCash)}`);
  return parts.length > 0 ? parts.join(" + ") : "余额";
}

/** Recharge and purchase orders: number, kind and goods, payment, amount, status, time. */
export function OrderTable({ orders }: { orders: OrderItemWire[] }) {
  return (
    <TableScroll label="订单列表" minWidth={700}>
      <Table data-testid="order-list">
        <caption className="visually-hidden">订单列表</caption>
        <thead>
          <tr>
            <th scope="col">订单号</th>
            <th scope="col">类型</th>
            <th scope="col">支付方式</th>
            <th scope="col">金额</th>
            <th scope="col">状态</th>
            <th scope="col">创建时间</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={`${o.Kind}-${o.OrderNo}`}>
              <td>{o.OrderNo}</td>
              <td data-wrap>
                {ORDER_KIND_NAMES[o.Kind]} · {o.Goods}
              </td>
              <td>{paidWith(o)}</td>
              <td>{formatWireMoney(o.Amount)}</td>
              <td>{ORDER_STATUS_NAMES[o.Status]}</td>
              <td>{formatDateTime(o.CreatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
