import type { WithdrawalWire } from "~/upstream/finance.server";
import { formatDateTime } from "~/utils/format";
import { WITHDRAWAL_STATUS_NAMES } from "../../../platform/rules/finance";
import { Badge, Table } from "../ui/layout";
import { TableScroll } from "../ui/TableScroll";
import { formatWireMoney } from "../../../platform/rules/money";

const PENDING_NOTES = {
  cash: "金额已冻结，审核通过后打款",
  commission: "佣金已冻结，审核通过后打款",
} as const;

const TONES = { pending: "gold", approved: "primary", rejected: "muted" } as const;

/** Withdrawal requests with their status and history (asked, decided, why rejected). */
export function WithdrawalTable({ withdrawals }: { withdrawals: WithdrawalWire[] }) {
  return (
    <TableScroll label="提现记录" minWidth={720}>
      <Table data-testid="withdrawal-list">
        <caption className="visually-hidden">提现记录</caption>
        <thead>
          <tr>
            <th scope="col">申请时间</th>
            <th scope="col">金额</th>
            <th scope="col">来源</th>
            <th scope="col">收款账户</th>
            <th scope="col">状态</th>
            <th scope="col">处理时间</th>
            <th scope="col">说明</th>
          </tr>
        </thead>
        <tbody>
          {withdrawals.map((w) => (
            <tr key={w.Id}>
              <td>{formatDateTime(w.CreatedAt)}</td>
              <td>{formatWireMoney(w.Amount)}</td>
              <td>{w.Source === "commission" ? "推广佣金" : "账户余额"}</td>
              <td data-wrap>{w.Destination}</td>
              <td>
                <Badge tone={TONES[w.Status]}>{WITHDRAWAL_STATUS_NAMES[w.Status]}</Badge>
              </td>
              <td>{w.DecidedAt ? formatDateTime(w.DecidedAt) : "—"}</td>
              <td data-wrap>{w.Status === "pending" ? PENDING_NOTES[w.Source] : (w.Reason ?? "")}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
