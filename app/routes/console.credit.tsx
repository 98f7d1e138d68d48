import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CreditIntroduction } from "~/components/console/CreditIntroduction";
import { CreditSummary } from "~/components/console/CreditSummary";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { loadPage } from "~/utils/upstream-errors.server";
import { requireMainAccount } from "~/utils/session.server";
import { userFigures } from "~/utils/user-figures";

export const meta: MetaFunction = () => [{ title: "授信额度 · 算力云" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { user } = await requireMainAccount(request, "子账号不能查看主账号的授信额度");
    return { user };
  });
}

/** The credit dialog's page without JavaScript: quota, used, remaining, percent and the rules. */
export default function CreditPage() {
  const { user } = useLoaderData<typeof loader>();
  const f = userFigures(user);
  if (f.isSub) return null; // the loader lets main accounts only
  return (
    <>
      <h1>授信额度</h1>
      <Panel>
        <PanelTitle>我的授信</PanelTitle>
        {!f.hasCredit ? <p data-testid="credit-none">当前账号暂未开通授信额度，如需开通请联系客服。</p> : null}
        <CreditSummary figures={f} />
        <p>
          账户余额 {f.displayMoney}，综合可用 {f.integratedMoney}。<Link to="/console/accountInfo">账号信息</Link>
        </p>
      </Panel>
      <Panel>
        <PanelTitle>授信说明</PanelTitle>
        <CreditIntroduction />
      </Panel>
    </>
  );
}
