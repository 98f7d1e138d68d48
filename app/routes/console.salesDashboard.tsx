import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { BecomePartner } from "~/components/partner/BecomePartner";
import { PartnerDashboard } from "~/components/partner/PartnerDashboard";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { getPartnerDashboard, getPartnerStanding, joinPartnerProgram } from "~/upstream/partner.server";
import { formAction } from "~/utils/action.server";
import { SELECT_VERIFICATION_PATH } from "~/utils/console-paths";
import { referralLinkOf, requirePartnerProgramAccount } from "~/utils/partner.server";
import { qrSvg } from "~/utils/qr-svg.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { ticked } from "../../platform/rules/fields";

export const meta: MetaFunction = () => [{ title: "销售合伙人 · 算力云" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requirePartnerProgramAccount(request);
    const standing = await getPartnerStanding(token);
    if (!standing.IsPartner) return { standing, partner: null };
    const dashboard = await getPartnerDashboard(token);
    const link = referralLinkOf(request, dashboard.Code);
    return { standing, partner: { dashboard, link, qr: await qrSvg(link) } };
  });
}

const JoinSchema = z.object({ agree: ticked("请阅读并同意《销售合伙人协议》") });

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requirePartnerProgramAccount,
    intents: (intent) => ({
      join: intent(JoinSchema, async (_input, { guard }) => {
        await joinPartnerProgram(guard.token);
        return redirect("/console/salesDashboard");
      }),
    }),
  });
}

export default function SalesDashboardPage() {
  const { standing, partner } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>销售合伙人</h1>
      {partner ? (
        <PartnerDashboard dashboard={partner.dashboard} link={partner.link} qr={partner.qr} />
      ) : (
        <Panel>
          <PanelTitle>销售合伙人计划</PanelTitle>
          <p>推荐新用户注册并使用算力云，按被推广用户的现金消费获得佣金，按月结算，可转入余额或提现。</p>
          {result?.formError && <p role="alert">{result.formError}</p>}
          {standing.Verified ? (
            <BecomePartner error={result?.fieldErrors.agree} />
          ) : (
            <p data-testid="partner-needs-verification">
              完成实名认证后才能成为销售合伙人。<Link to={SELECT_VERIFICATION_PATH}>去实名认证</Link>
            </p>
          )}
        </Panel>
      )}
    </>
  );
}
