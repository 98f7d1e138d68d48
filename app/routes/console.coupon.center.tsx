import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { COUPON_CENTER_PATH, CouponGroupList } from "~/components/coupons/CouponGroupList";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { claimCoupon, getVisibleCouponGroups } from "~/upstream/coupons.server";
import { formAction } from "~/utils/action.server";
import { requestedRedirect } from "~/utils/safe-redirect";
import { requireMainAccount } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "领券中心 · 算力云" }];

const SUB_REFUSAL = "子账号不能领取优惠券";

/** The coupon centre as a page (spec §4): what the dialog on /console/coupon does, without JavaScript. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireMainAccount(request, SUB_REFUSAL);
    return { groups: await getVisibleCouponGroups(token) };
  });
}

const Claim = z.object({
  group_id: z.coerce.number({ invalid_type_error: "优惠券编号不正确" }).int().positive("优惠券编号不正确"),
  redirectTo: z.string().optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: (r) => requireMainAccount(r, SUB_REFUSAL),
    intents: (intent) => ({
      claim: intent(Claim, async ({ group_id, redirectTo }, { guard }) => {
        await claimCoupon(guard.token, group_id);
        return redirectWithToast(requestedRedirect(redirectTo, COUPON_CENTER_PATH), {
          type: "success",
          message: "领取成功",
        });
      }),
    }),
  });
}

export default function CouponCenterPage() {
  const { groups } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>领券中心</h1>
      <p>
        <Link to="/console/coupon">返回我的优惠券</Link>
      </p>
      <Panel>
        <PanelTitle>可领取的优惠券</PanelTitle>
        <CouponGroupList groups={groups} form={Form} redirectTo={COUPON_CENTER_PATH} result={result} />
      </Panel>
    </>
  );
}
