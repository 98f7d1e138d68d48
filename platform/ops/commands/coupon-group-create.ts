import { z } from "zod";
import { createCouponGroup } from "../../modules/coupons/create-group";
import { fenToYuan } from "../../rules/money";
import { yuanArg } from "../args";
import { opsCommand } from "../command";

const yuan = yuanArg;

/** A fraction with up to 4 decimals ("0.85") → basis points (8500). */
const fraction = z
  .string()
  .regex(/^0?\.\d{1,4}$/, "a fraction such as 0.85")
  .transform((v) => Number(v.split(".")[1]!.padEnd(4, "0")));

/** An ISO 8601 time, e.g. 2026-12-01T00:00:00+08:00. */
const time = z
  .string()
  .transform((v, ctx) =>
    Number.isNaN(Date.parse(v))
      ? (ctx.addIssue({ code: "custom", message: "not an ISO 8601 time" }), z.NEVER)
      : new Date(v),
  );

const list = z
  .string()
  .default("")
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

const whole = (max: number) => z.coerce.number().int().min(0).max(max);

/**
 * `coupon-group create --name … --type 0|1|2 --total N --end 2026-12-31T23:59:59+08:00 [--amount 10.00]
 * [--discount 0.85] [--money-limit 100.00] [--use-days 7] [--goods "RTX 4090,A100"] [--images pytorch]
 * [--use-mode 0|1] [--verify-type 0|1|2] [--begin <time>] [--given-only yes]`: a coupon group (spec §3) with
 * RemainNum = total. `--given-only yes`: not in the coupon centre, for the points store's items and raffle prizes.
 */
export const couponGroupCreate = opsCommand({
  name: "coupon-group create",
  summary:
    "create a coupon group: type 0 recharge voucher (--amount), 1 discount (--discount), 2 reduction (--amount, --money-limit)",
  args: z.object({
    name: z.string().min(1).max(60),
    type: z.enum(["0", "1", "2"]).transform(Number),
    total: whole(10_000_000),
    end: time,
    begin: time.optional(),
    amount: yuan.optional(),
    discount: fraction.optional(),
    "money-limit": yuan.optional(),
    "use-days": whole(3650).default(0),
    goods: list,
    images: list,
    "use-mode": z.enum(["0", "1"]).default("0").transform(Number),
    "verify-type": z.enum(["0", "1", "2"]).default("0").transform(Number),
    "given-only": z.enum(["yes", "no"]).default("no"),
  }),
  async run(ctx, _actor, args) {
    const group = await createCouponGroup(ctx, {
      name: args.name,
      type: args.type as 0 | 1 | 2,
      amountFen: args.amount,
      discountBp: args.discount,
      moneyLimitFen: args["money-limit"],
      useTimeLimitDays: args["use-days"],
      targetGoods: args.goods,
      targetImage: args.images,
      targetUseMode: args["use-mode"] as 0 | 1,
      targetUserVerifyType: args["verify-type"] as 0 | 1 | 2,
      beginAt: args.begin ?? ctx.now(),
      endAt: args.end,
      totalNum: args.total,
      inCouponCentre: args["given-only"] === "no",
    });
    const value = group.type === 1 ? `×${group.discountBp / 10_000}` : `${fenToYuan(group.amountFen)} yuan`;
    return {
      target: `coupon_group:${group.id}`,
      before: null,
      after: group,
      message: `created coupon group ${group.id} "${group.name}" (type ${group.type}, ${value}): ${group.totalNum} coupons until ${group.endAt.toISOString()}`,
    };
  },
});
