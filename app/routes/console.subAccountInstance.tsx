import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SubAccountInstances } from "~/components/instances/SubAccountInstances";
import { usePollWhile } from "~/components/instances/use-poll-while";
import { Muted, Panel } from "~/components/ui/layout";
import { getSubAccountInstances } from "~/upstream/pages.server";
import { formAction } from "~/utils/action.server";
import { SUB_ACCOUNT_INSTANCES_PATH } from "~/utils/console-paths";
import { formatDate } from "~/utils/format";
import { instanceIntents } from "~/utils/instance-actions.server";
import { isTransitional } from "~/utils/instance-text";
import { requireUser } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "子账号实例 · 算力云" }];

/**
 * A main account's sub-accounts' instances (issue 36 §2), grouped by
 * sub-account with this month's cost; stop and release through the console's
 * own actions. A sub-account gets the platform's NOT_FOUND: a 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireUser(request);
    const page = await getSubAccountInstances(token);
    return { ...page, now: new Date().toISOString() };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireUser,
    intents: (intent) => instanceIntents(intent, () => SUB_ACCOUNT_INSTANCES_PATH),
  });
}

export default function SubAccountInstancePage() {
  const { MonthStart, Groups, now } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  usePollWhile(Groups.some((g) => g.Instances.some((i) => isTransitional(i.State))));
  return (
    <>
      <h1>子账号实例</h1>
      <p>
        <Muted>本月费用自 {formatDate(MonthStart)} 起计。</Muted>
      </p>
      {Groups.length === 0 ? (
        <Panel>
          <p data-testid="sub-accounts-empty">还没有子账号。</p>
        </Panel>
      ) : (
        Groups.map((g) => <SubAccountInstances key={g.SubAccountId} group={g} now={now} outcome={outcome} />)
      )}
    </>
  );
}
