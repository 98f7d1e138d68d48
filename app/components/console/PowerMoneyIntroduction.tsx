import { colors } from "../ui/stitches.config";

/** The compute-voucher rules (spec §3 showPowerMoneyIntroduction; rules from 2024-06-05). */
export function PowerMoneyIntroduction() {
  return (
    <div data-testid="power-money-introduction">
      <p>算力券是平台发放或用余额购买的消费抵扣券，购买部分套餐可获赠额外算力券。</p>
      <ul>
        <li>可抵扣租用实例（按量计费、包时、包天、包月）的费用，支付时优先于账户余额使用；</li>
        <li>不可抵扣欠费：账户余额为负时，算力券只用于新订单，欠费需充值补齐；</li>
        <li>只能用账户余额购买，不能使用授信额度或算力券购买；</li>
        <li>算力券不可提现、不可转让，仅主账号可购买和使用。</li>
      </ul>
      <p style={{ color: colors.mutedText, fontSize: 12 }}>以上规则自 2024 年 6 月 5 日起执行。</p>
    </div>
  );
}
