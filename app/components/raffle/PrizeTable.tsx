import type { RaffleOverviewWire } from "~/upstream/raffle.server";
import { Table } from "~/components/ui/layout";
import { weightAsPercent } from "../../../platform/rules/raffle-odds";

/** The prizes, their odds and what is left, and the no-prize band (the odds are shown, as the issue asks). */
export function PrizeTable({ prizes, noPrizeWeight }: { prizes: RaffleOverviewWire["Prizes"]; noPrizeWeight: number }) {
  return (
    <Table data-testid="raffle-prizes">
      <thead>
        <tr>
          <th>奖品</th>
          <th>中奖概率</th>
          <th>剩余数量</th>
        </tr>
      </thead>
      <tbody>
        {prizes.map((p) => (
          <tr key={p.PrizeId}>
            <td>{p.Name}</td>
            <td>{weightAsPercent(p.Weight)}</td>
            <td>{p.Stock > 0 ? p.Stock : "已抽完"}</td>
          </tr>
        ))}
        <tr>
          <td>谢谢参与</td>
          <td>{weightAsPercent(noPrizeWeight)}</td>
          <td>—</td>
        </tr>
      </tbody>
    </Table>
  );
}
