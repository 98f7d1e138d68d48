import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DrawsLeft, MyResults } from "~/components/raffle/MyDraws";
import { PrizeTable } from "~/components/raffle/PrizeTable";
import { Winners } from "~/components/raffle/Winners";
import { Muted, Page, Panel, PanelTitle } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import { formAction } from "~/utils/action.server";
import { formatDateTime } from "~/utils/format";
import { RAFFLE_PATH, SUB_ACCOUNT_CANNOT_DRAW } from "~/utils/raffle-paths";
import { draw, DrawSchema, loadRafflePage } from "~/utils/raffle.server";
import { requireMainAccount } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "周年庆抽奖 · 算力云" }];

/** The anniversary raffle (issue 39 §4): visitors see it and sign in to draw; the draw is a plain POST form. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, () => loadRafflePage(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: (r) => requireMainAccount(r, SUB_ACCOUNT_CANNOT_DRAW),
    intents: (intent) => ({
      draw: intent(DrawSchema, ({ operation_key }, { guard }) => draw(guard.token, operation_key)),
    }),
  });
}

const STATE_TEXT = { upcoming: "活动未开始", open: "活动进行中", ended: "活动已结束" } as const;

export default function RafflePage() {
  const { overview, signedIn, operationKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const mine = overview.Mine;
  return (
    <Page>
      <h1>{overview.Name}</h1>
      <p data-testid="raffle-state">
        {STATE_TEXT[overview.State]}
        <Muted>
          {" "}
          活动时间：{formatDateTime(overview.StartsAt)} 至 {formatDateTime(overview.EndsAt)}
        </Muted>
      </p>
      {overview.State === "ended" && <p>活动已结束，感谢您的参与！中奖名单见下方。</p>}
      {overview.State === "upcoming" && <p>活动尚未开始，请在活动开始后再来抽奖。</p>}
      <Panel>
        <PanelTitle>我的抽奖</PanelTitle>
        {!signedIn && (
          <p>
            <Link to={`/login?redirectTo=${encodeURIComponent(RAFFLE_PATH)}`}>登录后抽奖</Link>
            <Muted>（活动期间现金消费每满 ¥{overview.SpendStep} 可获得 1 次抽奖机会，填写问卷可再得 1 次）</Muted>
          </p>
        )}
        {mine?.SubAccount && <p role="note">{SUB_ACCOUNT_CANNOT_DRAW}</p>}
        {mine && !mine.SubAccount && (
          <>
            <DrawsLeft mine={mine} spendStep={overview.SpendStep} />
            {result?.formError && <p role="alert">{result.formError}</p>}
            {overview.State === "open" && (
              <Form method="post">
                <input type="hidden" name="operation_key" value={operationKey} />
                <StatusButton intent="draw" pendingText="抽奖中…" disabled={mine.Left <= 0}>
                  抽奖
                </StatusButton>
              </Form>
            )}
            <h3>我的中奖记录</h3>
            <MyResults draws={mine.Draws} />
          </>
        )}
      </Panel>
      <Panel>
        <PanelTitle>奖品与中奖概率</PanelTitle>
        <PrizeTable prizes={overview.Prizes} noPrizeWeight={overview.NoPrizeWeight} />
        <Muted>
          抽奖结果由服务器使用密码学安全随机数产生，每次抽奖均有记录可供核查；奖品抽完后抽中该奖品视为未中奖。
        </Muted>
      </Panel>
      <Panel>
        <PanelTitle>中奖名单</PanelTitle>
        <Winners winners={overview.Winners} />
      </Panel>
    </Page>
  );
}
