import { formatMoney } from "../../../platform/rules/money";
import { discountText } from "../../../platform/rules/vip";
import type { VipInfo } from "~/upstream/accounts.server";
import type { MainFigures } from "~/utils/user-figures";
import { Badge, ProgressFill, ProgressTrack, Table } from "../ui/layout";
import { colors } from "../ui/stitches.config";

export interface MembershipProps {
  vipInfos: VipInfo[];
  figures: MainFigures;
}

/** Levels, thresholds, discounts and the caller's progress (spec §2 membership guide). */
export function MembershipTable({ vipInfos, figures }: MembershipProps) {
  const { vipLevel } = figures;
  return (
    <div>
      <p>
        当前等级 <Badge tone="gold">{figures.vipName}</Badge>，经验值{" "}
        <span data-testid="experience-percent">{figures.experiencePercent}%</span>
        {figures.yuanToNextLevel > 0 ? `，再累计充值 ${figures.moneyToNextLevel} 可升级` : "，已是最高等级"}
      </p>
      <ProgressTrack
        role="progressbar"
        aria-valuenow={figures.experiencePercent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label="会员经验"
      >
        <ProgressFill css={{ width: `${figures.experiencePercent}%` }} />
      </ProgressTrack>
      <Table css={{ marginTop: "$4" }}>
        <thead>
          <tr>
            <th>等级</th>
            <th>累计充值</th>
            <th>租用折扣</th>
          </tr>
        </thead>
        <tbody>
          {vipInfos.map((v) => (
            <tr key={v.VipLevel} style={v.VipLevel === vipLevel ? { fontWeight: 600 } : undefined}>
              <td>{v.Name}</td>
              <td>{v.Threshold === 0 ? "注册即享" : `满 ${formatMoney(v.Threshold * 100)}`}</td>
              <td>{discountText(v.VipDiscount)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p style={{ color: colors.mutedText, fontSize: 12 }}>会员折扣仅适用于主账号，可与按天、按月的时长折扣叠加。</p>
    </div>
  );
}
