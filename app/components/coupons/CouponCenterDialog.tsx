import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { action as claimAction, loader as centerLoader } from "~/routes/console.coupon.center";
import { Button, ButtonLink } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { COUPON_CENTER_PATH, CouponGroupList } from "./CouponGroupList";

/**
 * 领取优惠券: the coupon centre in a dialog (spec §2, §4), its groups loaded
 * and its claims posted by fetchers to the centre page, which does the same
 * without JavaScript (the button is then a link to it). A claim returns here
 * with the 领取成功 toast, and the loaded groups are revalidated.
 */
export function CouponCenterDialog() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const groups = useFetcher<typeof centerLoader>();
  const claim = useFetcher<typeof claimAction>();
  const location = useLocation();
  const { load } = groups;
  useEffect(() => {
    if (open) load(COUPON_CENTER_PATH);
  }, [open, load]);

  if (!hydrated)
    return (
      <ButtonLink as={Link} to={COUPON_CENTER_PATH}>
        领取优惠券
      </ButtonLink>
    );
  return (
    <>
      <Button type="button" onClick={() => setOpen(true)}>
        领取优惠券
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="领券中心">
        {groups.data ? (
          <CouponGroupList
            groups={groups.data.groups}
            form={claim.Form}
            redirectTo={`${location.pathname}${location.search}`}
            result={claim.data}
          />
        ) : (
          <p role="status">加载中…</p>
        )}
      </Dialog>
    </>
  );
}
