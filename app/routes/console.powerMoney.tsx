import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FastPay } from "~/components/payment/FastPay";
import { yuanToFen } from "../../platform/rules/money";
import { PowerMoneyIntroduction } from "~/components/console/PowerMoneyIntroduction";
import { PowerMoneyOffers } from "~/components/console/PowerMoneyOffers";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { getPowerMoneyOffers } from "~/upstream/vouchers.server";
import { formAction } from "~/utils/action.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { requireMainAccount } from "~/utils/session.server";
import { userFigures } from "~/utils/user-figures";
import { buyOffer, BuyOfferSchema, SUB_ACCOUNT_REFUSAL, shortfallFrom } from "~/utils/power-money.server";

export const meta: MetaFunction = () => [{ title: "算力券 · 算力云" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token, user } = await requireMainAccount(request, SUB_ACCOUNT_REFUSAL);
    const { offers } = await getPowerMoneyOffers(token);
    // One key per rendering of the forms: a second submission of the same form buys nothing more.
    return { user, offers, operationKey: randomUUID(), shortfall: shortfallFrom(request) };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: (r) => requireMainAccount(r, SUB_ACCOUNT_REFUSAL),
    intents: (intent) => ({
      buy: intent(BuyOfferSchema, (input, { guard }) => buyOffer(guard.token, input)),
    }),
  });
}

export default function PowerMoneyPage() {
  const { user, offers, operationKey, shortfall } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const f = userFigures(user);
  if (f.isSub) return null; // the loader lets main accounts only
  return (
    <>
      <h1>算力券</h1>
      <Panel>
        <PanelTitle>我的算力券</PanelTitle>
        <p>
          算力券余额 <strong data-testid="power-money-balance">{f.powerMoney}</strong>，账户余额{" "}
          <strong data-testid="power-money-cash">{f.displayMoney}</strong>
        </p>
        {shortfall && <FastPay shortfallFen={yuanToFen(shortfall)} />}
      </Panel>
      <Panel>
        <PanelTitle>购买算力券</PanelTitle>
        {result?.formError && (
          <p role="alert" style={{ color: "#D32F2F" }}>
            {result.formError}
          </p>
        )}
        <PowerMoneyOffers offers={offers} operationKey={operationKey} />
      </Panel>
      <Panel>
        <PanelTitle>算力券说明</PanelTitle>
        <PowerMoneyIntroduction />
      </Panel>
    </>
  );
}
