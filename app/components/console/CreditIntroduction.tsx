import { colors } from "../ui/stitches.config";

/** The credit-quota rules (spec §3 showCreditIntroduction; rules from 2023-04-24). */
export function CreditIntroduction() {
  return (
    <div data-testid="credit-introduction">
      <p>授信额度是平台根据账户情况授予的可透支额度，由平台审核后开通或调整。</p>
      <ul>
        <li>账户余额小于或等于 0 时才会使用授信额度，余额可透支至负的授信额度；</li>
        <li>充值时优先恢复已使用的授信额度，剩余部分计入账户余额；</li>
        <li>账户余额与剩余授信额度之和小于或等于 0 时，不能租用新的实例。</li>
      </ul>
      <p style={{ color: colors.mutedText, fontSize: 12 }}>以上规则自 2023 年 4 月 24 日起执行。</p>
    </div>
  );
}
