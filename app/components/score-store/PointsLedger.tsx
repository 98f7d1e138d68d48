import type { PointsSummaryWire } from "~/upstream/points-store.server";
import { Muted, Table } from "~/components/ui/layout";
import { TableScroll } from "~/components/ui/TableScroll";
import { formatDate, formatDateTime } from "~/utils/format";

const KIND_LABEL: Record<PointsSummaryWire["entries"][number]["Kind"], string> = {
  earn: "消费获得",
  event: "活动奖励",
  prize: "抽奖奖品",
  exchange: "兑换商品",
  expire: "积分过期",
  clawback: "退款扣回",
  adjustment: "积分调整",
};

/** The last day points count: they expire at the first instant of the next (Beijing) day. */
const lastDay = (iso: string) => formatDate(new Date(new Date(iso).getTime() - 1).toISOString());

/** The caller's points, what expires when, and the points ledger. */
export function PointsLedger({ summary }: { summary: PointsSummaryWire }) {
  return (
    <>
      <p style={{ fontSize: 16 }}>
        可用积分 <strong data-testid="points-balance">{summary.Points.toLocaleString("zh-CN")}</strong>
      </p>
      {summary.lots.length > 0 && (
        <ul aria-label="积分有效期" style={{ paddingLeft: 20 }}>
          {summary.lots.map((lot) => (
            <li key={lot.ExpiresAt}>
              {lot.Points.toLocaleString("zh-CN")} 积分将于 {lastDay(lot.ExpiresAt)} 到期
            </li>
          ))}
        </ul>
      )}
      <p>
        <Muted>
          消费现金每 1 元得 1 积分（不足 1 元的部分累计到下次），完成实名认证奖励 200 积分；积分在获得次年年底到期。
        </Muted>
      </p>
      {summary.entries.length === 0 ? (
        <p>暂无积分记录</p>
      ) : (
        <TableScroll label="积分明细" minWidth={640}>
          <Table>
            <thead>
              <tr>
                <th>时间</th>
                <th>类型</th>
                <th>积分</th>
                <th>余额</th>
                <th>说明</th>
                <th>有效期至</th>
              </tr>
            </thead>
            <tbody>
              {summary.entries.map((e) => (
                <tr key={e.Id} data-testid="points-entry">
                  <td>{formatDateTime(e.CreatedAt)}</td>
                  <td>{KIND_LABEL[e.Kind]}</td>
                  <td>{e.Points > 0 ? `+${e.Points}` : e.Points}</td>
                  <td>{e.BalanceAfter}</td>
                  <td>{e.Note ?? ""}</td>
                  <td>{e.ExpiresAt ? lastDay(e.ExpiresAt) : ""}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </>
  );
}
