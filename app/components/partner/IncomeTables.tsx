import { TableScroll } from "~/components/ui/TableScroll";
import type { CommissionEntryWire, CommissionWithdrawalWire } from "~/upstream/partner.server";
import { formatDateTime } from "~/utils/format";
import { formatWireMoney } from "../../../platform/rules/money";

const STATE_NAMES: Record<CommissionEntryWire["State"], string> = {
  pending: "待结算",
  settled: "已结算",
  clawed_back: "已扣回",
};

/** Commission entries: each referred user's cash spending (or refund, clawed back) and its state. */
export function CommissionEntries({ entries }: { entries: CommissionEntryWire[] }) {
  if (entries.length === 0) return <p>暂无佣金明细</p>;
  return (
    <TableScroll label="佣金明细" minWidth={640}>
      <table data-testid="commission-entries">
        <thead>
          <tr>
            <th>时间</th>
            <th>推广用户</th>
            <th>结算月份</th>
            <th>现金消费</th>
            <th>佣金比例</th>
            <th>状态</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.Id}>
              <td>{formatDateTime(e.SpentAt)}</td>
              <td>{e.Phone}</td>
              <td>{e.Month}</td>
              <td>{(e.State === "clawed_back" ? "退款 " : "") + formatWireMoney(e.Amount)}</td>
              <td>{e.RateBp / 100}%</td>
              <td>{STATE_NAMES[e.State]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** What was taken out of the settled commission, and where to. */
export function CommissionWithdrawals({ withdrawals }: { withdrawals: CommissionWithdrawalWire[] }) {
  if (withdrawals.length === 0) return <p>暂无提现记录</p>;
  return (
    <TableScroll label="佣金提现记录" minWidth={640}>
      <table data-testid="commission-withdrawals">
        <thead>
          <tr>
            <th>时间</th>
            <th>金额</th>
            <th>去向</th>
            <th>状态</th>
          </tr>
        </thead>
        <tbody>
          {withdrawals.map((w) => (
            <tr key={w.Id}>
              <td>{formatDateTime(w.CreatedAt)}</td>
              <td>{formatWireMoney(w.Amount)}</td>
              <td data-wrap>{w.Destination === "wallet" ? "转入余额" : `提现到银行卡：${w.Account ?? ""}`}</td>
              <td data-wrap>{commissionWithdrawalState(w)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** A move to the wallet is done at once; a bank withdrawal says where its review stands. */
function commissionWithdrawalState(w: CommissionWithdrawalWire): string {
  if (w.Status === "done") return "已到账";
  if (w.Status === "pending") return "审核中，通过后打款";
  if (w.Status === "approved") return "已打款";
  return `已驳回，金额已退回可提现佣金${w.Reason ? `：${w.Reason}` : ""}`;
}
