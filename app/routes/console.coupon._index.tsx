import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { CouponCard } from "~/components/coupons/CouponCard";
import { CouponCenterDialog } from "~/components/coupons/CouponCenterDialog";
import { secondsToText } from "~/components/coupons/coupon-text";
import { UseMoneyCouponButton } from "~/components/coupons/UseMoneyCoupon";
import { Grid, Panel, Row } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/Pagination";
import { styled } from "~/components/ui/stitches.config";
import { COUPON_PAGE_SIZE, getUserCoupons, type CouponStatusWire } from "~/upstream/coupons.server";
import { requireMainAccount } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { formatWireMoney } from "../../platform/rules/money";
import { pageNumber } from "~/utils/page-number";

export const meta: MetaFunction = () => [{ title: "优惠券 · 算力云" }];

/** The tabs of spec §4, as the GET parameter `tab`, and the status each asks the platform for. */
const TABS = [
  { tab: "usable", label: "可使用", status: 0 },
  { tab: "used", label: "已使用", status: 1 },
  { tab: "expired", label: "已过期", status: 2 },
] as const satisfies readonly { tab: string; label: string; status: CouponStatusWire }[];

const Query = z.object({
  tab: z.enum(["usable", "used", "expired"]).catch("usable"),
  page: pageNumber(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token, user } = await requireMainAccount(request, "子账号不能查看优惠券");
    const { tab, page } = Query.parse(Object.fromEntries(new URL(request.url).searchParams));
    const status = TABS.find((t) => t.tab === tab)!.status;
    return {
      tab,
      page,
      pageSize: COUPON_PAGE_SIZE,
      money: user.Money,
      coupons: await getUserCoupons(token, status, page),
    };
  });
}

const Tabs = styled("nav", {
  display: "flex",
  gap: "$4",
  marginBottom: "$4",
  borderBottom: "1px solid #ECEDF0",
  a: { padding: "$2 0", color: "$mutedText", borderBottom: "2px solid transparent", marginBottom: -1 },
  "a[aria-current=page]": { color: "$primaryText", borderColor: "$primary" },
});
const Header = styled("div", { display: "flex", justifyContent: "space-between", alignItems: "center", gap: "$4" });

const tabHref = (tab: string, page = 1) => `/console/coupon?tab=${tab}${page > 1 ? `&page=${page}` : ""}`;

export default function CouponPage() {
  const { tab, page, pageSize, money, coupons } = useLoaderData<typeof loader>();
  const label = TABS.find((t) => t.tab === tab)!.label;
  return (
    <>
      <Header>
        <h1>优惠券</h1>
        <CouponCenterDialog />
      </Header>
      <Panel>
        <Row>
          <span>账户余额</span>
          <strong data-testid="coupon-page-balance">{formatWireMoney(money ?? 0)}</strong>
        </Row>
      </Panel>
      <Panel aria-labelledby="my-coupons">
        <h2 id="my-coupons" className="visually-hidden">
          {label}的优惠券
        </h2>
        <Tabs aria-label="优惠券状态">
          {TABS.map((t) => (
            <Link key={t.tab} to={tabHref(t.tab)} aria-current={t.tab === tab ? "page" : undefined}>
              {t.label}
            </Link>
          ))}
        </Tabs>
        {coupons.list.length === 0 ? (
          <p>暂无{label}的优惠券</p>
        ) : (
          <Grid>
            {coupons.list.map((c) => (
              <CouponCard
                key={c.CouponId}
                group={c.CouponGroup}
                validity={
                  c.Status === 1 && c.UseTime !== null
                    ? `使用于 ${secondsToText(c.UseTime)}`
                    : `${c.Status === 2 ? "已于" : "有效期至"} ${secondsToText(c.ExpireTime)}${c.Status === 2 ? " 过期" : ""}`
                }
                state={c.Status === 1 ? "已使用" : c.Status === 2 ? "已过期" : undefined}
                dim={c.Status !== 0}
                testId={`coupon-${c.CouponId}`}
              >
                {c.Status === 0 && c.CouponGroup.Type === 0 && <UseMoneyCouponButton coupon={c} />}
              </CouponCard>
            ))}
          </Grid>
        )}
        <Pagination page={page} pageSize={pageSize} total={coupons.total} hrefFor={(p) => tabHref(tab, p)} />
      </Panel>
    </>
  );
}
