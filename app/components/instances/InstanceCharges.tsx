import type { InstanceChargeWire } from "~/upstream/instances.server";
import { formatDateTime } from "~/utils/format";
import { Muted, Table } from "../ui/layout";
import { TableScroll } from "../ui/TableScroll";
import { formatWireMoney } from "../../../platform/rules/money";

const KIND_LABELS = { package: "套餐扣费", settlement: "按量结算" } as const;

/** Every charge of the instance with how it was computed, so each fen can be checked by hand (issue 12 §5). */
export function InstanceCharges({ charges }: { charges: InstanceChargeWire[] }) {
  if (charges.length === 0) return <Muted>暂无扣费（按量计费在运行后整点或关机时结算）</Muted>;
  return (
    <TableScroll label="扣费记录" minWidth={760}>
      <Table data-testid="instance-charges">
        <thead>
          <tr>
            <th>时间</th>
            <th>类型</th>
            <th>计费周期</th>
            <th>金额</th>
            <th>支付</th>
            <th>计算方式</th>
          </tr>
        </thead>
        <tbody>
          {charges.map((c) => (
            <tr key={`${c.Kind}-${c.PeriodStart}-${c.At}`}>
              <td>{formatDateTime(c.At)}</td>
              <td>{KIND_LABELS[c.Kind]}</td>
              <td data-wrap>
                {formatDateTime(c.PeriodStart)} 至 {formatDateTime(c.PeriodEnd)}
                {c.Kind === "settlement" && <Muted>（{c.Seconds} 秒）</Muted>}
              </td>
              <td>{formatWireMoney(c.Amount)}</td>
              <td>
                算力券 {formatWireMoney(c.PaidVoucher)}，余额 {formatWireMoney(c.PaidCash)}
              </td>
              <td data-wrap>{c.Explanation}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
