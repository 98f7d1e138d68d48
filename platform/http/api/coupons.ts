import { Hono } from "hono";
import { z } from "zod";
import type { CouponCalls, CouponStatusWire } from "../../contract/coupons";
import { claimCouponBySession } from "../../modules/coupons/claim";
import { visibleGroups } from "../../modules/coupons/groups";
import { useMoneyCoupon } from "../../modules/coupons/use-money-coupon";
import { findUserCoupon, listUserCoupons } from "../../modules/coupons/user-coupons";
import { fail } from "../../modules/errors";
import { callerFromForm, sessionToken, visitor, type Env } from "../context";
import * as f from "../fields";
import { COUPON_STATE, toUsedMoneyCouponWire, toUserCouponWire, toVisibleGroupWire } from "../shapes/coupons";
import { toPage } from "../shapes/page";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

export const couponsApi = new Hono<Env>();
const on = contractRoutes<CouponCalls>(couponsApi);

const ClaimFields = z.object({ group_id: f.id("优惠券编号") });
const CouponFields = z.object({ coupon_id: f.id("优惠券编号") });

on.post("/get_all_user_visible_coupon_group", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return (await visibleGroups(c.var.ctx, caller)).map(toVisibleGroupWire);
});

/** The session check and the claim share one statement (claimCouponBySession). */
on.post("/assign_to_user", async (c) => {
  const form = await readForm(c);
  const parsed = ClaimFields.safeParse(form);
  // A dead session answers status 2 before a field's error, as every signed-in call does.
  if (!parsed.success) await callerFromForm(c, form);
  const input = parsed.success ? parsed.data : parseFields(ClaimFields, form);
  const token = sessionToken(form);
  return toUserCouponWire(await claimCouponBySession(c.var.ctx, visitor(c), { token, groupId: input.group_id }));
});

/** status: 0 usable (the default), 1 used, 2 expired. */
const listFields = z.object({
  page: f.page,
  page_size: f.pageSize(50, 50),
  status: f.couponStatus,
});

on.post("/get_user_assigned_coupon", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(listFields, form);
  const page = await listUserCoupons(c.var.ctx, caller, {
    page: input.page,
    pageSize: input.page_size,
    state: COUPON_STATE[input.status as CouponStatusWire],
  });
  return toPage(page, toUserCouponWire);
});

on.post("/use_money_coupon", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(CouponFields, form);
  return toUsedMoneyCouponWire(await useMoneyCoupon(c.var.ctx, caller, { couponId: input.coupon_id }));
});

on.post("/get_user_coupon", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(CouponFields, form);
  const coupon = await findUserCoupon(c.var.ctx, caller, input.coupon_id);
  return coupon ? toUserCouponWire(coupon) : fail("NOT_FOUND", "coupon_id", "优惠券不存在");
});
