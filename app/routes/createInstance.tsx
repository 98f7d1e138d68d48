import { randomUUID } from "node:crypto";
import {
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { RentalForm } from "~/components/rental/RentalForm";
import { Muted, Page, Panel, PanelTitle } from "~/components/ui/layout";
import { formAction } from "~/utils/action.server";
import { parseRentalChoice, rentalChoiceQuery, sameRental } from "~/utils/rental-choice";
import { loadRentalView, RENTAL_FIELD_ALIASES, rentChoice, RentSchema } from "~/utils/rental.server";
import { getRequestUser, getSessionToken, requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "租用实例 · 算力云" }];

/**
 * The rental form, preset to a store offer (`createInstancePath`). Public
 * (spec §1): a visitor sees the form with list prices; renting needs the
 * session, so 立即租用 sends a visitor to /login?redirectTo=<this choice>,
 * and back here. Without an offer named it is the store's page to choose one.
 * The live preview's fetcher loads this same loader.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const query = new URL(request.url).searchParams;
    const choice = parseRentalChoice(query);
    if (!choice.region || !choice.gpu) throw redirect("/store");
    const [token, user] = await Promise.all([getSessionToken(request), getRequestUser(request)]);
    const view = await loadRentalView(token !== null && user !== null ? token : null, choice);
    // The name typed before 计算价格 (a GET of this page) stays in the form.
    const typedName = (query.get("name") ?? "").slice(0, 30);
    // One key per rendering of the form: a second submission of it rents nothing more.
    return { ...view, typedName, operationKey: randomUUID() };
  });
}

/** The form shows the caller's balance and coupons: never cached, like the console's pages. */
export const headers: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireUser,
    fieldAliases: RENTAL_FIELD_ALIASES,
    intents: (intent) => ({
      rent: intent(RentSchema, async (input, { request, form, guard }) => {
        const posted = parseRentalChoice(form);
        const shown = parseRentalChoice(new URL(request.url).searchParams);
        // Without JavaScript the price on the page is that of the last 计算价格: a changed choice is priced first.
        if (!sameRental(posted, shown))
          return redirectWithToast(`/createInstance?${rentalChoiceQuery(posted)}`, {
            type: "info",
            message: "配置已变更，已重新计算价格，请确认后再租用",
          });
        const message = await rentChoice(guard.token, posted, input);
        return redirectWithToast("/console/dashboard", { type: "success", message });
      }),
    }),
  });
}

export default function CreateInstancePage() {
  const { operationKey, ...view } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Page>
      <h1>租用实例</h1>
      {/* On a phone a narrower frame leaves the selects room for an image's whole name. */}
      <Panel css={{ "@mobile": { padding: "$3" } }}>
        <PanelTitle>
          {view.offer.gpuName} · {view.offer.regionName} · {view.offer.typeName}
        </PanelTitle>
        <RentalForm
          key={`${rentalChoiceQuery(view.shown)}|${operationKey}`}
          view={view}
          operationKey={operationKey}
          result={result ?? null}
        />
      </Panel>
      <Muted>
        价格由平台按与扣费相同的规则计算。<Link to="/store">返回算力市场</Link>
      </Muted>
    </Page>
  );
}
