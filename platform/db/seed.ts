import { eq, sql } from "drizzle-orm";
import type { Database, Db } from "./client";
import { messages, notices, notifications, users } from "./schema";
import { subAccounts } from "./schema";
import { seedDemoTopUps } from "./seed-demo-top-ups";
import { seedDemoWallet } from "./seed-demo-wallet";
import { seedVoucherOffers } from "./seed-voucher-offers";
import { seedModels } from "./seed-models";
import { seedCoupons } from "./seed-coupons";
import { seedPointsStore } from "./seed-points-store";
import { seedDemoRaffleCouponPrize, seedRaffle } from "./seed-raffle";
import { seedDemoWorkOrders, seedWorkOrderCatalogue } from "./seed-work-orders";
import { seedDemoStaff } from "./seed-staff";
import { seedMarket } from "./seed-market";
import { seedDatasets } from "./seed-datasets";
import { seedSoftware } from "./seed-software";
import { seedDocs } from "./seed-docs";
import { seedWorkOrderHelpIndex } from "./seed-search";
import { DEMO } from "./demo-account";
import { demoPasswordHashes, type DemoPasswordHashes } from "./seed-passwords";

const SEED_LOCK = 727_002;

export { DEMO };

const DEMO_NOTICES = [
  {
    title: "平台上线公告：GPU 算力租用全面开放",
    summary: "云主机、容器实例与裸金属服务器现已开放租用，按小时、按天、按月灵活计费。",
    content: [
      "# 平台上线公告",
      "",
      "各位用户：",
      "",
      "GPU 算力租用平台现已正式上线，提供 **云主机**、**容器实例** 和 **裸金属服务器** 三类产品。",
      "",
      "## 计费方式",
      "",
      "| 方式 | 时长 | 折扣 |",
      "| --- | --- | --- |",
      "| 按小时 | 1-23 小时 | 无 |",
      "| 按天 | 1-29 天 | 9.8 折 |",
      "| 按月 | 1-12 个月 | 9.5 折 |",
      "",
      "会员折扣可与时长折扣叠加，详见[会员说明](/console/accountInfo)。",
      "",
      "如有问题，请联系在线客服。",
    ].join("\n"),
    bannerImage: "/images/banner-launch.svg",
    bannerLink: "/store",
  },
  {
    title: "会员等级与折扣说明",
    summary: "累计充值满 100 元即可成为铜牌会员，最高享 9.4 折。",
    content: [
      "# 会员等级与折扣",
      "",
      "会员等级按累计充值金额确定：",
      "",
      "- 铜牌会员：累计充值 100 元，9.8 折",
      "- 银牌会员：累计充值 1500 元，9.7 折",
      "- 金牌会员：累计充值 10000 元，9.5 折",
      "- 钻石会员：累计充值 20000 元，9.4 折",
      "",
      "会员折扣仅适用于主账号。",
    ].join("\n"),
    bannerImage: null,
    bannerLink: null,
  },
  {
    title: "系统维护通知",
    summary: "本周六凌晨 2:00-4:00 进行数据库升级，期间控制台可能短暂不可用，运行中的实例不受影响。",
    content: [
      "# 系统维护通知",
      "",
      "为提升服务质量，我们将于 **本周六 02:00-04:00** 进行数据库升级。",
      "",
      "> 维护期间运行中的实例不受影响，控制台和充值功能可能短暂不可用。",
      "",
      "给您带来的不便，敬请谅解。",
    ].join("\n"),
    bannerImage: null,
    bannerLink: null,
  },
];

async function seedNotices(db: Db) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(notices);
  if (Number(n) > 0) return;
  const base = Date.now() - DEMO_NOTICES.length * 3600_000;
  await db
    .insert(notices)
    .values(DEMO_NOTICES.map((notice, i) => ({ ...notice, publishedAt: new Date(base + i * 3600_000) })));
}

async function seedDemoAccount(db: Db, hashes: DemoPasswordHashes) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO.phone)).limit(1);
  if (existing) return;
  const [user] = await db
    .insert(users)
    .values({ phone: DEMO.phone, passwordHash: await hashes.get("account"), nickname: "演示用户" })
    .returning({ id: users.id });
  const [sub] = await db
    .insert(subAccounts)
    .values({
      mainUserId: user.id,
      name: DEMO.subAccount.name,
      passwordHash: await hashes.get("subAccount"),
      moneyLimitFen: DEMO.subAccount.moneyLimitFen,
    })
    .returning({ id: subAccounts.id });
  // The sub-account's own notice: it never sees its main account's (docs/decisions/028).
  await db.insert(notifications).values({
    userId: user.id,
    subAccountId: sub.id,
    title: "子账号已开通",
    original: "主账号已为您分配 500 元消费额度，额度用尽后请联系主账号调整。",
  });
  await db.insert(notifications).values([
    { userId: user.id, title: "欢迎使用 GPU 算力平台", original: "您的演示账号已开通，可以浏览算力市场并体验控制台。" },
    { userId: user.id, title: "新用户算力券已到账", original: "您的 50 元新用户算力券已到账，租用实例时优先抵扣。" },
  ]);
  await db.insert(messages).values({ userId: user.id, message: "欢迎注册，祝您使用愉快。" });
}

/**
 * The rows every installation has, demo or not: offers, the model library, the work-order catalogue and its help
 * index, the market, datasets, software and docs. Idempotent.
 */
export async function seedCatalogue(db: Db): Promise<void> {
  await seedVoucherOffers(db);
  await seedModels(db); // the model library and its images (before the market: it needs none of its rows)
  await seedWorkOrderCatalogue(db);
  await seedWorkOrderHelpIndex(db);
  await seedMarket(db);
  await seedDatasets(db);
  await seedSoftware(db);
  await seedDocs(db);
}

/**
 * Idempotent: safe on every start and on several replicas at once. `hashes` are the demo passwords'
 * (hashed only for rows still missing; prepare.ts starts them early on a database being created).
 */
export async function seedDatabase(
  database: Database,
  options: { demo: boolean; hashes?: DemoPasswordHashes },
): Promise<void> {
  const hashes = options.hashes ?? demoPasswordHashes();
  await database.withExclusiveLock(SEED_LOCK, async (db) => {
    await seedCatalogue(db);
    await seedRaffle(db, options.demo);
    if (!options.demo) return;
    await seedNotices(db);
    await seedDemoAccount(db, hashes);
    await seedDemoTopUps(db, DEMO.phone);
    await seedDemoWallet(db, DEMO.phone);
    await seedCoupons(db, DEMO.phone);
    await seedDemoRaffleCouponPrize(db);
    await seedPointsStore(db, DEMO.phone);
    await seedDemoStaff(db, hashes);
    await seedDemoWorkOrders(db, DEMO.phone);
  });
}
