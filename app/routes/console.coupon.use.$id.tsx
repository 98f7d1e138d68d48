import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { UseMoneyCouponQuestion } from "~/components/coupons/UseMoneyCoupon";
import { FieldError } from "~/components/ui/Field";
import { Panel, Row } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import { getUserCoupon, useMoneyCoupon } from "~/upstream/coupons.server";
import { formAction } from "~/utils/action.server";
import { couponUsePath } from "~/utils/console-paths";
import { requireMainAccount } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "使用充值券 · 算力云" }];

const SUB_REFUSAL = "子账号不能使用优惠券";

/** The coupon id of the path; anything but a positive whole number is a page that does not exist. */
function couponIdOf(params: LoaderFunctionArgs["params"]): number {
  const id = Number(params.id);
  if (!/^\d{1,15}$/.test(params.id ?? "") || !Number.isSafeInteger(id) || id < 1)
    throw new Response("优惠券不存在", { status: 404 });
  return id;
}

/** The confirm page for using a recharge voucher without JavaScript (spec §4): GET asks, POST does it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = couponIdOf(params);
  return loadPage(request, async () => {
    const { token } = await requireMainAccount(request, SUB_REFUSAL);
    return { coupon: await getUserCoupon(token, id) };
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = couponIdOf(params);
  return formAction(request, {
    guard: (r) => requireMainAccount(r, SUB_REFUSAL),
    intents: (intent) => ({
      use: intent(z.object({}), async (_, { guard }) => {
        await useMoneyCoupon(guard.token, id);
        // The coupon page shows the new balance.
        return redirectWithToast("/console/coupon", {
          type: "success",
          message: "充值成功",
        });
      }),
    }),
  });
}

export default function UseCouponPage() {
  const { coupon } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const usable = coupon.Status === 0 && coupon.CouponGroup.Type === 0;
  return (
    <>
      <h1>使用充值券</h1>
      <Panel>
        <UseMoneyCouponQuestion coupon={coupon} />
        {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
        {usable ? (
          <Form method="post" action={couponUsePath(coupon.CouponId)}>
            <Row>
              <StatusButton intent="use" pendingText="充值中…">
                确认使用
              </StatusButton>
              <Link to="/console/coupon">取消</Link>
            </Row>
          </Form>
        ) : (
          <p>
            该优惠券{coupon.Status === 1 ? "已使用" : coupon.Status === 2 ? "已过期" : "不是充值券，不能直接充值"}。
            <Link to="/console/coupon">返回我的优惠券</Link>
          </p>
        )}
      </Panel>
    </>
  );
}
