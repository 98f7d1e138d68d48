import type { Form } from "@remix-run/react";
import type { CouponGroupWire } from "~/upstream/coupons.server";
import { FieldError } from "../ui/Field";
import { Grid } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import { CouponCard } from "./CouponCard";
import { groupValidityText } from "./coupon-text";

/** Where the claim forms post: the coupon centre page's action. */
export const COUPON_CENTER_PATH = "/console/coupon/center";

/** The last claim's answer, as the centre's action gives it: a refusal belongs beside the card of `values.group_id`. */
export interface ClaimResult {
  formError: string | null;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

/**
 * The coupon centre's group cards (spec §4): claimable while RemainNum > 0,
 * else sold out; each claim is a POST form with the `claim` intent. `form` is
 * Remix's Form on the page, or a fetcher's Form in the dialog; `redirectTo` is
 * where a successful claim returns (with the 领取成功 toast).
 */
export function CouponGroupList({
  groups,
  form: FormComponent,
  redirectTo,
  result,
}: {
  groups: CouponGroupWire[];
  form: typeof Form;
  redirectTo: string;
  result: ClaimResult | null | undefined;
}) {
  if (groups.length === 0) return <p>暂无可领取的优惠券</p>;
  return (
    <Grid>
      {groups.map((g) => {
        const refusal =
          result && result.values.group_id === String(g.GroupId)
            ? (result.formError ?? result.fieldErrors.group_id ?? null)
            : null;
        const soldOut = g.RemainNum <= 0;
        return (
          <CouponCard
            key={g.GroupId}
            group={g}
            validity={groupValidityText(g)}
            state={g.IsAssigned ? "已领取" : soldOut ? "已抢光" : `剩余 ${g.RemainNum} 张`}
            dim={g.IsAssigned || soldOut}
            testId={`coupon-group-${g.GroupId}`}
          >
            {!g.IsAssigned && !soldOut && (
              <FormComponent method="post" action={COUPON_CENTER_PATH}>
                <input type="hidden" name="group_id" value={g.GroupId} />
                <input type="hidden" name="redirectTo" value={redirectTo} />
                <StatusButton intent="claim" formAction={COUPON_CENTER_PATH} size="sm" pendingText="领取中…">
                  领取
                </StatusButton>
              </FormComponent>
            )}
            {refusal && <FieldError role="alert">{refusal}</FieldError>}
          </CouponCard>
        );
      })}
    </Grid>
  );
}
