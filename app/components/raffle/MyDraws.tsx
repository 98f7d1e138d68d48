import { Link } from "@remix-run/react";
import type { RaffleOverviewWire } from "~/upstream/raffle.server";
import { Muted, Table } from "~/components/ui/layout";
import { formatDateTime } from "~/utils/format";
import { formatWireMoney } from "../../../platform/rules/money";
import { QUESTIONNAIRE_PATH } from "~/utils/raffle-paths";

type Mine = Extract<NonNullable<RaffleOverviewWire["Mine"]>, { SubAccount: false }>;

const OUTCOME_TEXT = { won: "中奖", none: "未中奖", out_of_stock: "奖品已抽完", already_held: "已持有该券" } as const;
const WHERE = {
  voucher: { text: "算力券余额", href: "/console/powerMoney" },
  points: { text: "积分账户", href: "/scoreStore" },
  coupon: { text: "我的优惠券", href: "/console/coupon" },
} as const;

/** My draws left, where they come from and how to earn more. */
export function DrawsLeft({ mine, spendStep }: { mine: Mine; spendStep: string }) {
  return (
    <div>
      <p>
        剩余抽奖次数 <strong data-testid="raffle-draws-left">{mine.Left}</strong> 次（消费获得 {mine.FromSpending}{" "}
        次，问卷获得 {mine.FromQuestionnaire} 次，已使用 {mine.Used} 次）
      </p>
      <p>
        <Muted>
          活动期间现金消费每满 {formatWireMoney(spendStep)} 可获得 1
          次抽奖机会（退款相应扣回；算力券、优惠券支付不计入）。您已消费 {formatWireMoney(mine.NetSpent)}，再消费{" "}
          {formatWireMoney(mine.ToNextDraw)} 可再得 1 次。
        </Muted>
      </p>
      {!mine.Answered && (
        <p>
          <Link to={QUESTIONNAIRE_PATH}>填写活动问卷，再得 1 次抽奖机会</Link>
        </p>
      )}
    </div>
  );
}

/** My results, each with where its prize landed. */
export function MyResults({ draws }: { draws: Mine["Draws"] }) {
  if (draws.length === 0) return <Muted>您还没有抽奖记录</Muted>;
  return (
    <Table data-testid="raffle-my-draws">
      <thead>
        <tr>
          <th>时间</th>
          <th>结果</th>
          <th>奖品去向</th>
        </tr>
      </thead>
      <tbody>
        {draws.map((d) => (
          <tr key={d.DrawId}>
            <td>{formatDateTime(d.CreatedAt)}</td>
            <td>{d.PrizeName ? `${OUTCOME_TEXT[d.Outcome]}：${d.PrizeName}` : OUTCOME_TEXT[d.Outcome]}</td>
            <td>
              {d.PrizeKind ? <Link to={WHERE[d.PrizeKind].href}>{`已发放至${WHERE[d.PrizeKind].text}`}</Link> : "—"}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
