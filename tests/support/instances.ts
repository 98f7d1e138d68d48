/**
 * Fixtures of the instance tests: an offer of their own (a region and hosts
 * no other test rents from), accounts and sub-accounts with sessions straight
 * in the tables, callers, and the rental form's fields.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { sessions, subAccounts, users } from "../../platform/db/schema";
import { gpuModels, hosts, images, regions } from "../../platform/db/market-schema";
import { hashToken, SESSION_ABSOLUTE_MS } from "../../platform/modules/accounts/sessions";
import type { Caller } from "../../platform/modules/context";
import type { RentalChoice } from "../../platform/modules/instances/choice";
import { uniquePhone, type TestPlatform } from "./platform";

let offers = 0;

export interface TestOffer {
  regionCode: string;
  gpuModelCode: string;
  hostIds: number[];
  imageId: number;
}

/**
 * A region of its own with `hosts` docker RTX 4090 hosts of 8 GPUs, the
 * first `free` of them free on each (CUDA 12.4), for one test's rentals.
 */
export async function testOffer(
  t: TestPlatform,
  options: { hosts?: number[]; cuda?: string } = {},
): Promise<TestOffer> {
  const n = ++offers;
  const code = `zz-${Date.now().toString(36)}-${n}`;
  const [region] = await t.db
    .insert(regions)
    .values({ code, name: `测试${n}区`, sortOrder: 100 + n })
    .returning({ id: regions.id });
  const [model] = await t.db.select({ id: gpuModels.id }).from(gpuModels).where(eq(gpuModels.code, "rtx4090"));
  const frees = options.hosts ?? [8];
  const rows = await t.db
    .insert(hosts)
    .values(
      frees.map((free, i) => ({
        name: `测试${n}区-${i + 1}号机`,
        regionId: region!.id,
        machineType: "docker" as const,
        gpuModelId: model!.id,
        gpuTotal: 8,
        gpuFree: free,
        cudaVersion: options.cuda ?? "12.4",
        sshHost: `ssh-${code}.sandbox.gpu-cloud.local`,
      })),
    )
    .returning({ id: hosts.id });
  const [image] = await t.db.select({ id: images.id }).from(images).where(eq(images.code, "pytorch-2.5.1-cuda12.4"));
  return { regionCode: code, gpuModelCode: "rtx4090", hostIds: rows.map((r) => r.id), imageId: image!.id };
}

export async function imageIdOf(t: TestPlatform, code: string): Promise<number> {
  const [image] = await t.db.select({ id: images.id }).from(images).where(eq(images.code, code));
  return image!.id;
}

export const hourly = (offer: TestOffer, overrides: Partial<RentalChoice> = {}): RentalChoice => ({
  machineType: "docker",
  regionCode: offer.regionCode,
  gpuModelCode: offer.gpuModelCode,
  gpuCount: 1,
  imageId: offer.imageId,
  billingMode: "hour",
  duration: null,
  ...overrides,
});

export const daily = (offer: TestOffer, days = 1, overrides: Partial<RentalChoice> = {}): RentalChoice =>
  hourly(offer, { billingMode: "day", duration: days, ...overrides });

/** The rental form's fields for `choice`, as the page posts them. */
export function rentalFields(choice: RentalChoice): Record<string, string | number | undefined> {
  return {
    machine_type: choice.machineType,
    region: choice.regionCode,
    gpu_model: choice.gpuModelCode,
    gpu_count: choice.gpuCount,
    image_id: choice.imageId,
    billing_mode: choice.billingMode,
    duration: choice.duration ?? undefined,
    coupon_id: choice.couponId,
  };
}

let keys = 0;
/** A fresh rental form key. */
export const opKey = (prefix = "rent") => `${prefix}-${Date.now().toString(36)}-${++keys}`;

export interface TestAccount {
  userId: number;
  subAccountId: number | null;
  token: string;
  caller: Caller;
}

async function session(t: TestPlatform, userId: number, subAccountId: number | null): Promise<TestAccount> {
  const token = randomBytes(32).toString("base64url");
  const now = t.clock.now();
  const [row] = await t.db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      subAccountId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    })
    .returning({ id: sessions.id });
  return { userId, subAccountId, token, caller: { origin: { ip: null }, sessionId: row!.id, userId, subAccountId } };
}

/** A new main account with a session, its wallets set through the ledger. */
export async function mainAccount(
  t: TestPlatform,
  wallets: { cashFen?: number; voucherFen?: number; creditFen?: number; accumulatedFen?: number } = {},
): Promise<TestAccount> {
  const [user] = await t.db
    .insert(users)
    .values({ phone: uniquePhone(), passwordHash: "-", nickname: "renter" })
    .returning({ id: users.id });
  await t.setWallets(user!.id, wallets);
  return session(t, user!.id, null);
}

/** A sub-account of `main` with a spending limit, and its session. */
export async function subAccount(t: TestPlatform, main: TestAccount, limitFen: number): Promise<TestAccount> {
  const [sub] = await t.db
    .insert(subAccounts)
    .values({
      mainUserId: main.userId,
      name: `sub-${main.userId}-${++keys}`,
      passwordHash: "-",
      moneyLimitFen: limitFen,
    })
    .returning({ id: subAccounts.id });
  return session(t, main.userId, sub!.id);
}
