import type { RaffleOverviewWire } from "~/upstream/raffle.server";
import { Muted, Table } from "~/components/ui/layout";
import { formatDateTime } from "~/utils/format";

/** The latest winners, phones masked by the platform (138****1234). */
export function Winners({ winners }: { winners: RaffleOverviewWire["Winners"] }) {
  if (winners.length === 0) return <Muted>暂无中奖记录</Muted>;
  return (
    <Table data-testid="raffle-winners">
      <thead>
        <tr>
          <th>用户</th>
          <th>奖品</th>
          <th>时间</th>
        </tr>
      </thead>
      <tbody>
        {winners.map((w, i) => (
          <tr key={i}>
            <td>{w.Phone}</td>
            <td>{w.PrizeName}</td>
            <td>{formatDateTime(w.CreatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
