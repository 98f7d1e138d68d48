import type { OrderStatusWire } from "~/upstream/payments.server";
import { Price, Table } from "../ui/layout";
import { styled } from "../ui/stitches.config";
import { formatWireMoney } from "../../../platform/rules/money";

const Note = styled("p", { color: "$mutedText", fontSize: "$sm" });

const STATUS_TEXT: Record<number, string> = {
  0: "等待财务确认到账",
  1: "已到账",
  2: "已关闭",
  3: "未通过确认",
};

/** Where a corporate transfer goes and what to write in its note (spec §5: credited by hand, not instantly). */
export function TransferInstructions({ order }: { order: OrderStatusWire }) {
  const transfer = order.transfer;
  return (
    <div data-testid="transfer-instructions">
      <p>
        请通过对公账户转账 <Price>{formatWireMoney(order.amount)}</Price>，财务确认到账后自动充值（非即时，通常 1
        个工作日内）。
      </p>
      {transfer && (
        <Table>
          <tbody>
            <tr>
              <th>收款户名</th>
              <td>{transfer.account_name}</td>
            </tr>
            <tr>
              <th>开户银行</th>
              <td>{transfer.bank}</td>
            </tr>
            <tr>
              <th>收款账号</th>
              <td>{transfer.account_no}</td>
            </tr>
            <tr>
              <th>转账附言</th>
              <td>
                <strong data-testid="transfer-note">{transfer.note}</strong>
              </td>
            </tr>
            <tr>
              <th>状态</th>
              <td role="status">{STATUS_TEXT[order.Status]}</td>
            </tr>
          </tbody>
        </Table>
      )}
      <Note>请务必在转账附言中填写上面的订单号，以便财务核对；转账金额须与订单金额一致。如有疑问请联系客服。</Note>
    </div>
  );
}
