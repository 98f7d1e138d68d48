import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PointsLedger } from "~/components/score-store/PointsLedger";
import { StoreItemCard } from "~/components/score-store/StoreItemCard";
import { StoreOrders } from "~/components/score-store/StoreOrders";
import { Grid, Page, Panel, PanelTitle } from "~/components/ui/layout";
import { scoreStoreAction, scoreStoreLoader } from "~/utils/score-store.server";
import { SUB_ACCOUNT_STORE_REFUSAL } from "~/utils/score-store-text";

export const meta: MetaFunction = () => [{ title: "积分商城 · 算力云" }];

/** The page shows the caller's own points and orders: never kept by a cache. */
export const headers: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

export function loader({ request }: LoaderFunctionArgs) {
  return scoreStoreLoader(request);
}

export function action({ request }: ActionFunctionArgs) {
  return scoreStoreAction(request);
}

export default function ScoreStorePage() {
  const { viewer, items, summary, orders, operationKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const answered = result?.intent === "exchange" ? Number(result.values.item_id) : null;
  return (
    <Page>
      <h1 style={{ fontSize: 20, margin: "0 0 16px" }}>积分商城</h1>
      {viewer === "sub" && (
        <Panel role="note">
          <p>{SUB_ACCOUNT_STORE_REFUSAL}</p>
        </Panel>
      )}
      {viewer === "visitor" && (
        <Panel>
          <p>
            消费即可获得积分，积分可兑换优惠券、算力券和精美礼品。<a href="/login?redirectTo=%2FscoreStore">登录</a>
            后查看您的积分并兑换。
          </p>
        </Panel>
      )}
      {summary && (
        <Panel aria-labelledby="my-points">
          <PanelTitle id="my-points">我的积分</PanelTitle>
          <PointsLedger summary={summary} />
        </Panel>
      )}
      <h2 style={{ fontSize: 18 }}>积分兑换</h2>
      {items.length === 0 ? (
        <p>暂无可兑换的商品</p>
      ) : (
        <Grid>
          {items.map((item) => (
            <StoreItemCard
              key={item.ItemId}
              item={item}
              visitorNote={viewer === "main" ? null : viewer}
              form={
                viewer === "main"
                  ? {
                      operationKey,
                      errors: answered === item.ItemId ? (result?.fieldErrors ?? {}) : {},
                      formError: answered === item.ItemId ? (result?.formError ?? null) : null,
                      values: answered === item.ItemId ? (result?.values ?? {}) : {},
                    }
                  : null
              }
            />
          ))}
        </Grid>
      )}
      {viewer === "main" && (
        <Panel aria-labelledby="orders-title" id="orders">
          <PanelTitle id="orders-title">我的兑换订单</PanelTitle>
          {result?.intent === "confirm" && (result.formError || result.fieldErrors.order_id) && (
            <p role="alert" style={{ color: "#D32F2F" }}>
              {result.fieldErrors.order_id ?? result.formError}
            </p>
          )}
          <StoreOrders orders={orders} />
        </Panel>
      )}
    </Page>
  );
}
