import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { QuestionnaireForm } from "~/components/raffle/QuestionnaireForm";
import { Page, Panel, PanelTitle } from "~/components/ui/layout";
import { getRaffleOverview } from "~/upstream/raffle.server";
import { formAction } from "~/utils/action.server";
import { RAFFLE_PATH } from "~/utils/raffle-paths";
import { answer, QuestionnaireSchema } from "~/utils/raffle.server";
import { requireMainAccount } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "周年庆活动问卷 · 算力云" }];

const SUB_REFUSAL = "子账号不能填写活动问卷，请使用主账号登录";

/** The raffle's questionnaire: answered once per account, it gives one draw. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireMainAccount(request, SUB_REFUSAL);
    const overview = await getRaffleOverview(token);
    const answered = overview.Mine !== null && !overview.Mine.SubAccount && overview.Mine.Answered;
    return { state: overview.State, answered };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: (r) => requireMainAccount(r, SUB_REFUSAL),
    intents: (intent) => ({
      answer: intent(QuestionnaireSchema, (input, { guard }) => answer(guard.token, input)),
    }),
    keepFields: ["suggestion"],
  });
}

export default function RaffleQuestionnairePage() {
  const { state, answered } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Page>
      <h1>周年庆活动问卷</h1>
      <p>
        <Link to={RAFFLE_PATH}>返回周年庆抽奖</Link>
      </p>
      <Panel>
        <PanelTitle>关于您的 GPU 使用</PanelTitle>
        {answered ? (
          <p>您已填写过问卷，感谢参与！每个账号只能填写一次。</p>
        ) : state !== "open" ? (
          <p>{state === "ended" ? "活动已结束，问卷已关闭。" : "活动尚未开始，请在活动开始后再来填写。"}</p>
        ) : (
          <QuestionnaireForm form={Form} result={result ?? null} />
        )}
      </Panel>
    </Page>
  );
}
