import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CreditDialog } from "~/components/console/CreditDialog";
import { MembershipGuide } from "~/components/console/MembershipGuide";
import { PowerMoneyDialog } from "~/components/console/PowerMoneyDialog";
import { Badge, Grid, Muted, Panel, PanelTitle, Price, ProgressFill, ProgressTrack, Row } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import { getVipInfos } from "~/upstream/accounts.server";
import { requireUserWith } from "~/utils/session.server";
import { discountText } from "../../platform/rules/vip";
import { balanceLines, userFigures } from "~/utils/user-figures";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "控制台总览 · 算力云" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { user, loaded } = await requireUserWith(request, getVipInfos);
    return { user, vipInfos: loaded.vipInfos };
  });
}

const Figure = styled("div", {
  padding: "$4",
  borderRadius: "$md",
  backgroundColor: "$page",
  small: { display: "block", color: "$mutedText" },
  strong: { fontSize: "$xl" },
});
const Quick = styled("div", {
  display: "flex",
  gap: "$3",
  flexWrap: "wrap",
  a: { padding: "$2 $4", border: "1px solid $border", borderRadius: "$sm", color: "$text" },
});

export default function DashboardPage() {
  const { user, vipInfos } = useLoaderData<typeof loader>();
  const f = userFigures(user);
  return (
    <>
      <h1>控制台总览</h1>
      <Panel>
        <PanelTitle>账户概览</PanelTitle>
        <Grid data-testid="dashboard-figures">
          {balanceLines(f).map((line) => (
            <Figure key={line.label}>
              <small>{line.label}</small>
              <Price as="strong">{line.value}</Price>
            </Figure>
          ))}
        </Grid>
        {!f.isSub && (
          <Row css={{ marginTop: "$3" }}>
            <PowerMoneyDialog label="购买算力券" />
            <CreditDialog figures={f} label="授信额度说明" />
          </Row>
        )}
      </Panel>
      {!f.isSub && (
        <Panel>
          <PanelTitle>会员等级</PanelTitle>
          <Row>
            <Badge tone="gold">{f.vipName}</Badge>
            <Muted>租用折扣 {discountText(f.vipDiscount)}</Muted>
            <MembershipGuide vipInfos={vipInfos} figures={f} />
          </Row>
          <div style={{ maxWidth: 480, marginTop: 12 }}>
            <ProgressTrack
              aria-label="会员经验"
              role="progressbar"
              aria-valuenow={f.experiencePercent}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <ProgressFill css={{ width: `${f.experiencePercent}%` }} />
            </ProgressTrack>
            <Muted>
              经验值 {f.experiencePercent}%
              {f.yuanToNextLevel > 0 ? `，再累计充值 ¥${f.yuanToNextLevel} 升级` : "，已是最高等级"}
            </Muted>
          </div>
        </Panel>
      )}
      <Panel>
        <PanelTitle>快捷入口</PanelTitle>
        <Quick>
          <Link to="/store">租用 GPU</Link>
          <Link to="/console/accountInfo">账号信息</Link>
          <Link to="/console/messages">消息中心</Link>
          <Link to="/inform">平台公告</Link>
        </Quick>
      </Panel>
    </>
  );
}
