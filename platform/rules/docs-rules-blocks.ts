/**
 * The rules blocks of the documentation (issue 35 §1): a line
 * `<!-- rules:NAME -->` in a doc's markdown is replaced, when the doc is read,
 * by a table built from the constants that charge, so the price docs can never
 * say something else than the billing does. Pure: the facts come in as input
 * (`currentRulesFacts` gives today's), so a test can change one and see the doc
 * change.
 */
import { COUPON_TYPE_NAMES, HOURLY_NO_COUPON } from "./coupons";
import { formatMoney, MAX_TOP_UP_FEN } from "./money";
import { DURATION_DISCOUNT_BP, quotePrice } from "./price";
import {
  OFFERED_SURVIVAL_THINGS,
  offeredSurvivalTable,
  SURVIVAL_FATE_LABELS,
  SURVIVAL_THING_LABELS,
} from "./instance-survival";
import { DAYS_PER_MONTH, HOURS_PER_DAY, PACKAGE_LIMITS, usageChargeFen } from "./rental-price";
import { discountText, VIP_TIERS, type VipTier } from "./vip";

/** Everything a rules block may show. */
export interface RulesFacts {
  /** Basis points per billing mode (10000 = no discount). */
  durationDiscountBp: { hour: number; hour_package: number; day: number; month: number };
  packageLimits: Record<"hour_package" | "day" | "month", { min: number; max: number }>;
  daysPerMonth: number;
  hoursPerDay: number;
  vipTiers: readonly VipTier[];
  maxTopUpFen: number;
  /** Days a stopped hourly instance, or a package past its expiry, is kept before it is released (a site setting). */
  retentionDays: number;
}

/** Today's facts: the constants of platform/rules, and the site's retention (INSTANCE_RETENTION_DAYS). */
export function currentRulesFacts(retentionDays: number): RulesFacts {
  return {
    durationDiscountBp: DURATION_DISCOUNT_BP,
    packageLimits: PACKAGE_LIMITS,
    daysPerMonth: DAYS_PER_MONTH,
    hoursPerDay: HOURS_PER_DAY,
    vipTiers: VIP_TIERS,
    maxTopUpFen: MAX_TOP_UP_FEN,
    retentionDays,
  };
}

/** A basis-point discount as the site says it: 9800 → "9.8 折", 10000 → "无折扣". */
const bpText = (bp: number) => discountText(bp / 10_000);

const table = (head: string[], rows: string[][]) =>
  [
    `| ${head.join(" | ")} |`,
    `| ${head.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");

/** The sample price of the worked example: ¥2.00 per GPU-hour, 2 GPUs. */
const EXAMPLE = { unitPriceFen: 200, gpuCount: 2 } as const;

const BLOCKS: Record<string, (f: RulesFacts) => string> = {
  /** 按量 / 包时 / 包日 / 包月: what each lasts, its discount, how it is charged. */
  "billing-modes": (f) =>
    table(
      ["计费方式", "时长", "时长折扣", "扣费方式"],
      [
        ["按量计费", "不限，随时关机或释放", bpText(f.durationDiscountBp.hour), "按秒计费，每个整点结算一次"],
        [
          "包时",
          `${f.packageLimits.hour_package.min}–${f.packageLimits.hour_package.max} 小时`,
          bpText(f.durationDiscountBp.hour_package),
          "下单时一次付清",
        ],
        [
          "包日",
          `${f.packageLimits.day.min}–${f.packageLimits.day.max} 天（每天 ${f.hoursPerDay} 小时）`,
          bpText(f.durationDiscountBp.day),
          "下单时一次付清",
        ],
        [
          "包月",
          `${f.packageLimits.month.min}–${f.packageLimits.month.max} 个月（每月按 ${f.daysPerMonth} 天计）`,
          bpText(f.durationDiscountBp.month),
          "下单时一次付清",
        ],
      ],
    ),
  /** The membership tiers: cumulative top-up and discount. */
  membership: (f) =>
    table(
      ["会员等级", "累计充值达到", "会员折扣"],
      f.vipTiers.map((t) => [
        t.name,
        t.thresholdFen === 0 ? "注册即是" : formatMoney(t.thresholdFen),
        discountText(t.discount),
      ]),
    ),
  /** An hour and a half of usage, a day and a month, computed by the functions that charge. */
  "price-example": (f) => {
    const member = f.vipTiers[1] ?? f.vipTiers[0]!;
    const vipDiscountBp = Math.round(member.discount * 10_000);
    const { unitPriceFen, gpuCount } = EXAMPLE;
    const times = (bp: number) => (bp < 10_000 ? ` × ${bp / 10_000}` : "");
    const unit = `${formatMoney(unitPriceFen)}/卡·时 × ${gpuCount} 卡`;
    const hourly = usageChargeFen({
      unitPriceFen,
      gpuCount,
      vipDiscountBp,
      seconds: 5400,
      durationDiscountBp: f.durationDiscountBp.hour,
    });
    const pack = (hours: number, durationDiscountBp: number) =>
      quotePrice({ unitPriceFen, quantity: gpuCount * hours, durationDiscountBp, vipDiscountBp }).payFen;
    const monthHours = f.daysPerMonth * f.hoursPerDay;
    return [
      `示例：单价 ${formatMoney(unitPriceFen)}/卡·时，租 ${gpuCount} 卡，${member.name}（${discountText(member.discount)}），不用优惠券：`,
      "",
      table(
        ["租用方式", "计算", "应付"],
        [
          [
            "按量 1.5 小时",
            `5400 秒 × ${unit}${times(f.durationDiscountBp.hour)}${times(vipDiscountBp)}`,
            formatMoney(hourly.amountFen),
          ],
          [
            "包时 3 小时",
            `3 小时 × ${unit}${times(f.durationDiscountBp.hour_package)}${times(vipDiscountBp)}`,
            formatMoney(pack(3, f.durationDiscountBp.hour_package)),
          ],
          [
            "包日 1 天",
            `${f.hoursPerDay} 小时 × ${unit}${times(f.durationDiscountBp.day)}${times(vipDiscountBp)}`,
            formatMoney(pack(f.hoursPerDay, f.durationDiscountBp.day)),
          ],
          [
            "包月 1 个月",
            `${monthHours} 小时 × ${unit}${times(f.durationDiscountBp.month)}${times(vipDiscountBp)}`,
            formatMoney(pack(monthHours, f.durationDiscountBp.month)),
          ],
        ],
      ),
    ].join("\n");
  },
  /** What each kind of coupon does. */
  coupons: () =>
    table(
      ["类型", "作用", "适用"],
      [
        [COUPON_TYPE_NAMES[1], "按券面折扣乘以订单价格", `包时、包日、包月套餐（${HOURLY_NO_COUPON}）`],
        [COUPON_TYPE_NAMES[2], "订单满门槛金额后减去券面金额", `包时、包日、包月套餐（${HOURLY_NO_COUPON}）`],
        [COUPON_TYPE_NAMES[0], "兑换后金额计入余额", "充值，不能用于下单"],
      ],
    ),
  /** How long a stopped or expired instance is kept. */
  retention: (f) =>
    table(
      ["情形", "保留多久", "之后"],
      [
        ["按量计费实例关机（含欠费关机）", `关机后 ${f.retentionDays} 天`, "自动释放，系统盘和数据盘删除"],
        ["包时、包日、包月实例到期", `到期后 ${f.retentionDays} 天`, "自动释放，系统盘和数据盘删除"],
        ["手动释放", "不保留", "立即释放，系统盘和数据盘删除"],
      ],
    ),
  /** What survives each action offered today (platform/rules/instance-survival.ts, the instance page's table). */
  survival: (f) =>
    table(
      ["操作", ...OFFERED_SURVIVAL_THINGS.map((thing) => SURVIVAL_THING_LABELS[thing]), "保留多久"],
      offeredSurvivalTable(f.retentionDays).map((row) => [
        row.label,
        ...OFFERED_SURVIVAL_THINGS.map((thing) => SURVIVAL_FATE_LABELS[row.cells[thing].fate]),
        row.retention,
      ]),
    ),
  /** Top-up limits. */
  "top-up": (f) =>
    table(
      ["项目", "规则"],
      [
        ["单次充值上限", formatMoney(f.maxTopUpFen)],
        ["金额格式", "最多两位小数，可带千位分隔符（如 1,000.50）"],
        ["到账", "微信、支付宝扫码支付成功后自动到账；对公转账由财务核对后入账"],
      ],
    ),
};

/** The names a doc may use in `<!-- rules:NAME -->`. */
export const RULES_BLOCK_NAMES = Object.keys(BLOCKS);

const BLOCK_LINE = /^[ \t]*<!--[ \t]*rules:([a-z0-9-]+)[ \t]*-->[ \t]*$/gm;

/**
 * The markdown with every rules line replaced by its table (a blank line on
 * each side, so it is a block of its own). An unknown name is shown as a
 * warning, so an editor sees the typo instead of a silently missing table.
 */
export function expandRulesBlocks(markdown: string, facts: RulesFacts): string {
  return markdown.replace(BLOCK_LINE, (_line, name: string) => {
    const block = Object.hasOwn(BLOCKS, name) ? BLOCKS[name]! : null;
    return block ? `\n${block(facts)}\n` : `\n> 未知的规则表「${name}」：可用的有 ${RULES_BLOCK_NAMES.join("、")}\n`;
  });
}
