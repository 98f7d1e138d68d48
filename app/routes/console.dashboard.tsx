import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { InstanceTable } from "~/components/instances/InstanceTable";
import { ButtonLink } from "~/components/ui/Button";
import { usePollWhile } from "~/components/instances/use-poll-while";
import { CreditDialog } from "~/components/console/CreditDialog";
import { MembershipGuide } from "~/components/console/MembershipGuide";
import { PowerMoneyDialog } from "~/components/console/PowerMoneyDialog";
import { Badge, Grid, Muted, Panel, PanelTitle, ProgressFill, ProgressTrack, Row } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import { getVipInfos } from "~/upstream/accounts.server";
import { getInstanceList } from "~/upstream/instances.server";
import { formAction } from "~/utils/action.server";
import { instanceIntents } from "~/utils/instance-actions.server";
import { isTransitional } from "~/utils/instance-text";
import { requireUser, requireUserWith } from "~/utils/session.server";
import { discountText } from "../../platform/rules/vip";
import { balanceLines, userFigures } from "~/utils/user-figures";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "控制台总览 · 算力云" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { user, loaded } = await requireUserWith(request, (token) =>
      Promise.all([getVipInfos(token), getInstanceList(token)]),
    );
    const [{ vipInfos }, instances] = loaded;
    return { user, vipInfos, instances: instances.list, instanceTotal: instances.total, now: new Date().toISOString() };
  });
}

/** The instance rows' actions: 开机, 关机, 重启 (释放 posts to its confirm page). */
export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireUser,
    intents: (intent) => instanceIntents(intent, () => "/console/dashboard"),
  });
}

const Figure = styled("div", {
  padding: "$4",
  borderRadius: "$md",
  backgroundColor: "$page",
  small: { display: "block", color: "$mutedText" },
  // A balance is not a price: the text colour; arrears and credit in use in the price red.
  strong: { fontSize: "$xl", fontWeight: 600, color: "$text" },
  "strong[data-debt]": { color: "$priceText" },
});
const Empty = styled("div", {
  padding: "$5 $4",
  textAlign: "center",
  borderRadius: "$md",
  backgroundColor: "$page",
  p: { margin: "0 0 $3", color: "$mutedText" },
});
const Quick = styled("div", {
  display: "flex",
  gap: "$3",
  flexWrap: "wrap",
  a: { padding: "$2 $4", border: "1px solid $border", borderRadius: "$sm", color: "$text" },
});

export default function DashboardPage() {
  const { user, vipInfos, instances, instanceTotal, now } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const f = userFigures(user);
  usePollWhile(instances.some((i) => isTransitional(i.State)));
  return (
    <>
      <h1>控制台总览</h1>
      <Panel>
        <PanelTitle>我的实例</PanelTitle>
        <Row css={{ marginBottom: "$3" }}>
          <Link to="/store">租用新实例</Link>
          <Link to="/console/dashboard">刷新</Link>
          {instanceTotal > instances.length && (
            <Muted>
              显示最近 {instances.length} 个，共 {instanceTotal} 个
            </Muted>
          )}
        </Row>
        {instances.length > 0 ? (
          <InstanceTable instances={instances} now={now} outcome={outcome} viewerIsSub={f.isSub} />
        ) : (
          <Empty data-testid="instance-empty">
            <p>还没有实例。在算力市场选好 GPU 型号和地区，几秒后即可用 SSH 或 JupyterLab 登录。</p>
            <ButtonLink as={Link} to="/store" data-testid="instance-empty-store">
              前往算力市场租用 GPU
            </ButtonLink>
          </Empty>
        )}
      </Panel>
      <Panel>
        <PanelTitle>账户概览</PanelTitle>
        <Grid data-testid="dashboard-figures">
          {balanceLines(f).map((line) => (
            <Figure key={line.label}>
              <small>{line.label}</small>
              <strong data-debt={line.debt || undefined}>{line.value}</strong>
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
              {f.yuanToNextLevel > 0 ? `，再累计充值 ${f.moneyToNextLevel} 升级` : "，已是最高等级"}
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
