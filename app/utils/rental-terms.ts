/** Spec §9: rental durations and their discounts, as the storefront explains them. */
export const DURATION_CHOICES = [
  { mode: "hour", label: "按小时", range: "1-23 小时", discount: 1, discountText: "无折扣" },
  { mode: "day", label: "按天", range: "1-29 天", discount: 0.98, discountText: "9.8 折" },
  {
    mode: "month",
    label: "按月",
    range: "1-12 个月（6 个月为半年，12 个月为一年，每月按 30 天计）",
    discount: 0.95,
    discountText: "9.5 折",
  },
] as const;
