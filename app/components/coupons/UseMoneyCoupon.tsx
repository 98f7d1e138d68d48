import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { UserCouponWire } from "~/upstream/coupons.server";
import { couponUsePath } from "~/utils/console-paths";
import { Button, ButtonLink } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { Row } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import { formatWireMoney } from "../../../platform/rules/money";

/** The question the confirm dialog and the confirm page ask. */
export function UseMoneyCouponQuestion({ coupon }: { coupon: UserCouponWire }) {
  return (
    <p>
      确认使用充值券「{coupon.CouponGroup.Name}」？<strong>{formatWireMoney(coupon.CouponGroup.Amount)}</strong>{" "}
      将充值到账户余额，使用后不可撤销。
    </p>
  );
}

/**
 * 立即使用 on a usable recharge voucher (spec §4: a confirm dialog, then the
 * call). Without JavaScript it is a link to the confirm page, which asks the
 * same question; the dialog posts to that page's action.
 */
export function UseMoneyCouponButton({ coupon }: { coupon: UserCouponWire }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const path = couponUsePath(coupon.CouponId);
  if (!hydrated)
    return (
      <ButtonLink as={Link} to={path} size="sm">
        立即使用
      </ButtonLink>
    );
  return (
    <>
      <Button type="button" size="sm" onClick={() => setOpen(true)}>
        立即使用
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="使用充值券">
        <UseMoneyCouponQuestion coupon={coupon} />
        <Form method="post" action={path}>
          <Row>
            <StatusButton intent="use" formAction={path} pendingText="充值中…">
              确认使用
            </StatusButton>
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              取消
            </Button>
          </Row>
        </Form>
      </Dialog>
    </>
  );
}
