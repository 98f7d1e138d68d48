import { describe, expect, it } from "vitest";
import { currentRulesFacts, expandRulesBlocks, RULES_BLOCK_NAMES } from "./docs-rules-blocks";

const doc = (name: string) => `## 计费\n\n<!-- rules:${name} -->\n\n以上为当前规则。`;

describe("rules blocks of the docs", () => {
  const today = currentRulesFacts(15);

  it("writes today's billing modes, discounts and limits from the constants", () => {
    const out = expandRulesBlocks(doc("billing-modes"), today);
    expect(out).not.toContain("<!--");
    expect(out).toContain("| 按量计费 | 不限，随时关机或释放 | 无折扣 | 按秒计费，每个整点结算一次 |");
    expect(out).toContain("| 包时 | 1–23 小时 | 无折扣 | 下单时一次付清 |");
    expect(out).toContain("| 包日 | 1–29 天（每天 24 小时） | 9.8 折 | 下单时一次付清 |");
    expect(out).toContain("| 包月 | 1–12 个月（每月按 30 天计） | 9.5 折 | 下单时一次付清 |");
    expect(out).toMatch(/^## 计费\n\n\n\| 计费方式/);
    expect(out).toContain("\n\n以上为当前规则。");
  });

  it("follows a changed constant: the doc says what the rules say", () => {
    const changed = { ...today, durationDiscountBp: { hour: 10_000, hour_package: 10_000, day: 9_700, month: 9_000 } };
    const out = expandRulesBlocks(doc("billing-modes"), changed);
    expect(out).toContain("| 包日 | 1–29 天（每天 24 小时） | 9.7 折 |");
    expect(out).toContain("| 包月 | 1–12 个月（每月按 30 天计） | 9 折 |");
    expect(out).not.toContain("9.5 折");
  });

  it("prices the worked example with the charging functions, and a changed discount changes the price", () => {
    const out = expandRulesBlocks(doc("price-example"), today);
    // 2 cards × ¥2.00 × 1.5 h × 0.98 (铜牌) = ¥5.88; a day: 48 card-hours × ¥2.00 × 0.98 × 0.98 = ¥92.20 (92.1984);
    // a month: 1440 × ¥2.00 × 0.95 × 0.98 = ¥2,681.28.
    expect(out).toContain("| 按量 1.5 小时 | 5400 秒 × ¥2.00/卡·时 × 2 卡 × 0.98 | ¥5.88 |");
    // 3 hours (包时): 6 card-hours × ¥2.00 × 1 × 0.98 = ¥11.76.
    expect(out).toContain("| 包时 3 小时 | 3 小时 × ¥2.00/卡·时 × 2 卡 × 0.98 | ¥11.76 |");
    expect(out).toContain("| 包日 1 天 | 24 小时 × ¥2.00/卡·时 × 2 卡 × 0.98 × 0.98 | ¥92.20 |");
    expect(out).toContain("| 包月 1 个月 | 720 小时 × ¥2.00/卡·时 × 2 卡 × 0.95 × 0.98 | ¥2,681.28 |");
    const cheaperMonth = expandRulesBlocks(doc("price-example"), {
      ...today,
      durationDiscountBp: { ...today.durationDiscountBp, month: 9_000 },
    });
    expect(cheaperMonth).toContain("| 包月 1 个月 | 720 小时 × ¥2.00/卡·时 × 2 卡 × 0.9 × 0.98 | ¥2,540.16 |");
  });

  it("lists the membership tiers, the retention of the site and the top-up limit", () => {
    const out = expandRulesBlocks(
      ["<!-- rules:membership -->", "<!-- rules:retention -->", "<!-- rules:top-up -->"].join("\n"),
      { ...today, retentionDays: 7 },
    );
    expect(out).toContain("| 普通会员 | 注册即是 | 无折扣 |");
    expect(out).toContain("| 铜牌会员 | ¥100.00 | 9.8 折 |");
    expect(out).toContain("| 钻石会员 | ¥20,000.00 | 9.4 折 |");
    expect(out).toContain("| 按量计费实例关机（含欠费关机） | 关机后 7 天 |");
    expect(out).toContain("| 单次充值上限 | ¥1,000,000.00 |");
  });

  it("shows what survives each offered action, from the instance page's table, with the site's retention", () => {
    const out = expandRulesBlocks("<!-- rules:survival -->", { ...today, retentionDays: 9 });
    expect(out).toContain(
      "| 操作 | 系统盘 | 数据盘 | 云盘 | 地址与端口 | 插件 | 自定义镜像 | 运行中的进程 | 保留多久 |",
    );
    expect(out).toMatch(/\| 释放 \| 删除 \| 删除 \| 保留 \| 删除 \| 删除 \| 保留 \| 结束 \| 不保留/);
    expect(out).toMatch(/\| 欠费关机 \| 保留 \| 保留 \| 保留 \| 保留 \| 保留 \| 保留 \| 结束 \| 欠费关机后保留 9 天/);
    // The system reset and the image change (decision 088): the system disk goes, the data disk stays.
    expect(out).toMatch(/\| 重置系统 \| 恢复为镜像初始状态 \| 保留 \| 保留 \| 保留 \| 保留 \| 保留 \| 结束 \|/);
    expect(out).toMatch(/\| 更换镜像 \| 换为新镜像 \| 保留 \| 保留 \| 保留 \| 保留 \| 保留 \| 结束 \|/);
  });

  it("says the coupon types and that hourly rentals take none", () => {
    const out = expandRulesBlocks(doc("coupons"), today);
    expect(out).toContain("| 折扣券 | 按券面折扣乘以订单价格 | 包时、包日、包月套餐（按量计费不可使用优惠券） |");
    expect(out).toContain("| 充值券 |");
  });

  it("leaves other comments and inline mentions alone, and names an unknown block", () => {
    const text = "行内的 <!-- rules:membership --> 不替换\n<!-- 普通注释 -->\n<!-- rules:nope -->";
    const out = expandRulesBlocks(text, today);
    expect(out).toContain("行内的 <!-- rules:membership --> 不替换");
    expect(out).toContain("<!-- 普通注释 -->");
    expect(out).toContain(`> 未知的规则表「nope」：可用的有 ${RULES_BLOCK_NAMES.join("、")}`);
  });
});
