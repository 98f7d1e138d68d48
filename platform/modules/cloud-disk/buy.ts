/**
 * `/buy_sftp_size` (issue 36 §1, decision 083): buy a cloud disk in a region,
 * expand it (prorated to its expiry) or renew it, paid like a rental (vouchers
 * first, then cash, then credit) through one purchase order and its ledger
 * entries. One transaction under the account's row lock: the same operation
 * key answers the first purchase and moves nothing; the disk changes only when
 * the money moved. A sub-account cannot buy (the disk is the main account's).
 */
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cloudDisks } from "../../db/disk-schema";
import { regions } from "../../db/market-schema";
import { purchaseOrders } from "../../db/wallet-schema";
import { inTransaction } from "../../db/tx";
import {
  CLOUD_DISK_MAX_GB,
  CLOUD_DISK_MONTH_SECONDS,
  cloudDiskExplanation,
  expansionQuote,
  monthsProblem,
  sizeProblem,
  termQuote,
  type CloudDiskQuote,
} from "../../rules/cloud-disk-price";
import { planPurchasePayment } from "../../rules/purchase-payment";
import { fenToYuan } from "../../rules/money";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { lockAccountBalances } from "../wallet/ledger";
import { purchaseOrderNo, spendFromLockedAccount, type PurchaseOrder } from "../wallet/spend";
import { cloudDiskInRegion, type CloudDisk } from "./view";

export const SUB_ACCOUNT_CANNOT_BUY_DISK = "子账号不能购买云盘，请使用主账号购买";

export type CloudDiskPurchaseInput =
  | { op: "buy"; regionCode: string; sizeGb: number; months: number; operationKey: string }
  | { op: "expand"; regionCode: string; addGb: number; operationKey: string }
  | { op: "renew"; regionCode: string; months: number; operationKey: string };

/** What a purchase order of a cloud disk keeps in `detail` (the expense detail shows `explanation`). */
export interface CloudDiskOrderDetail {
  op: CloudDiskPurchaseInput["op"];
  regionCode: string;
  sizeGb: number;
  expiresAt: string;
  quote: CloudDiskQuote;
  explanation: string;
}

export interface CloudDiskPurchase {
  disk: CloudDisk;
  order: PurchaseOrder;
  detail: CloudDiskOrderDetail;
}

/** The purchase order's operation key: the form's key, prefixed. */
export const cloudDiskOperationKey = (operationKey: string) => `cloud_disk:${operationKey}`;

const OPERATION_KEY = /^[A-Za-z0-9_-]{8,64}$/;
const MONTH_MS = CLOUD_DISK_MONTH_SECONDS * 1000;

function checkInput(input: CloudDiskPurchaseInput): void {
  if (!OPERATION_KEY.test(input.operationKey))
    fail("BAD_REQUEST", "operation_key", "操作标识格式不正确，请刷新页面后重试");
  if (input.op === "buy") {
    const size = sizeProblem(input.sizeGb);
    if (size) fail("BAD_REQUEST", "size_gb", size);
  }
  if (input.op === "expand" && (!Number.isSafeInteger(input.addGb) || input.addGb < 10 || input.addGb % 10 !== 0))
    fail("BAD_REQUEST", "add_gb", "扩容容量必须是 10 GB 的整数倍");
  if (input.op !== "expand") {
    const months = monthsProblem(input.months);
    if (months) fail("BAD_REQUEST", "months", months);
  }
}

interface LockedDisk {
  id: number;
  sizeGb: number;
  state: string;
  expiresAt: Date;
}

async function lockLiveDisk(tx: Db, userId: number, regionId: number): Promise<LockedDisk | null> {
  const [disk] = await tx
    .select({ id: cloudDisks.id, sizeGb: cloudDisks.sizeGb, state: cloudDisks.state, expiresAt: cloudDisks.expiresAt })
    .from(cloudDisks)
    .where(and(eq(cloudDisks.userId, userId), eq(cloudDisks.regionId, regionId), ne(cloudDisks.state, "deleted")))
    .for("update");
  return disk ?? null;
}

/** The change a purchase makes: its price, and the disk after it. */
interface Change {
  quote: CloudDiskQuote;
  sizeGb: number;
  expiresAt: Date;
}

function changeOf(input: CloudDiskPurchaseInput, disk: LockedDisk | null, now: Date): Change {
  if (input.op === "buy") {
    if (disk) fail("BAD_REQUEST", "region_code", "该地区已有云盘，请扩容或续费");
    return {
      quote: termQuote(input.sizeGb, input.months),
      sizeGb: input.sizeGb,
      expiresAt: new Date(now.getTime() + input.months * MONTH_MS),
    };
  }
  if (!disk) return fail("NOT_FOUND", "region_code", "该地区还没有云盘");
  if (input.op === "renew") {
    const from = Math.max(disk.expiresAt.getTime(), now.getTime());
    return {
      quote: termQuote(disk.sizeGb, input.months),
      sizeGb: disk.sizeGb,
      expiresAt: new Date(from + input.months * MONTH_MS),
    };
  }
  if (disk.state !== "active" || disk.expiresAt.getTime() <= now.getTime())
    fail("BAD_REQUEST", "add_gb", "云盘已到期，请先续费再扩容");
  if (disk.sizeGb + input.addGb > CLOUD_DISK_MAX_GB)
    fail("BAD_REQUEST", "add_gb", `扩容后容量不能超过 ${CLOUD_DISK_MAX_GB} GB`);
  return {
    quote: expansionQuote(input.addGb, now, disk.expiresAt),
    sizeGb: disk.sizeGb + input.addGb,
    expiresAt: disk.expiresAt,
  };
}

/** The answer to a key used before: its order and the disk as it is now. */
async function replay(ctx: Ctx, caller: Caller, input: CloudDiskPurchaseInput): Promise<CloudDiskPurchase | null> {
  const orderNo = purchaseOrderNo(caller.userId, cloudDiskOperationKey(input.operationKey));
  const [order] = await ctx.db
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.orderNo, orderNo), eq(purchaseOrders.userId, caller.userId)));
  if (!order) return null;
  const detail = order.detail as CloudDiskOrderDetail;
  if (order.kind !== "sftp_size" || detail.op !== input.op || detail.regionCode !== input.regionCode)
    fail("OPERATION_CONFLICT");
  const disk = await cloudDiskInRegion(ctx.db, caller, input.regionCode);
  if (!disk) return fail("NOT_FOUND", "region_code", "该地区还没有云盘");
  return {
    disk,
    detail,
    order: {
      id: order.id,
      orderNo: order.orderNo,
      userId: order.userId,
      subAccountId: order.subAccountId,
      kind: order.kind,
      amountFen: order.amountFen,
      paidVoucherFen: order.paidVoucherFen,
      paidCashFen: order.paidCashFen,
      status: order.status as PurchaseOrder["status"],
      refersTo: order.refersTo,
      detail: order.detail,
      createdAt: order.createdAt,
      replayed: true,
    },
  };
}

export async function buyCloudDisk(
  ctx: Ctx,
  caller: Caller,
  input: CloudDiskPurchaseInput,
): Promise<CloudDiskPurchase> {
  if (caller.subAccountId !== null) fail("PERMISSION_DENIED", undefined, SUB_ACCOUNT_CANNOT_BUY_DISK);
  checkInput(input);
  const earlier = await replay(ctx, caller, input);
  if (earlier) return earlier;
  // The fleet's answer before the transaction: no provider is called inside one (decision 058).
  const access = input.op === "buy" ? ctx.providers.compute.provisionCloudDisk(input.regionCode) : null;
  const now = ctx.now();
  const bought = await inTransaction(ctx.db, async (tx) => {
    const account = await lockAccountBalances(tx, caller.userId);
    // Under the lock: a racing submission of the same key has committed by now.
    const orderNo = purchaseOrderNo(caller.userId, cloudDiskOperationKey(input.operationKey));
    const [seen] = await tx
      .select({ id: purchaseOrders.id })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.orderNo, orderNo));
    if (seen) return null;
    const [region] = await tx
      .select({ id: regions.id, code: regions.code })
      .from(regions)
      .where(eq(regions.code, input.regionCode));
    if (!region) return fail("NOT_FOUND", "region_code", "该地区不存在");
    const disk = await lockLiveDisk(tx, caller.userId, region.id);
    const change = changeOf(input, disk, now);

    const plan = planPurchasePayment(
      { moneyFen: account.cashFen, powerMoneyFen: account.voucherFen, creditQuotaFen: account.creditQuotaFen },
      change.quote.amountFen,
      { allowVouchers: true, allowCredit: true },
    );
    if (!plan.ok)
      fail("BALANCE_BELOW_PRICE", undefined, undefined, {
        shortfall: fenToYuan(plan.shortfallFen),
        shortfall_fen: plan.shortfallFen,
      });

    let diskId: number;
    if (disk) {
      diskId = disk.id;
      await tx
        .update(cloudDisks)
        .set({
          sizeGb: change.sizeGb,
          expiresAt: change.expiresAt,
          state: "active",
          ...(input.op === "renew" ? { warnedDays: null } : {}),
        })
        .where(eq(cloudDisks.id, disk.id));
    } else {
      const [inserted] = await tx
        .insert(cloudDisks)
        .values({
          userId: caller.userId,
          regionId: region.id,
          sizeGb: change.sizeGb,
          expiresAt: change.expiresAt,
          sftpHost: access!.sftpHost,
          sftpPort: access!.sftpPort,
          sftpUser: `u${caller.userId}`,
          sftpPassword: access!.sftpPassword,
          createdAt: now,
        })
        .returning({ id: cloudDisks.id });
      diskId = inserted!.id;
    }

    const paidVoucherFen = plan.ok ? plan.voucherFen : 0;
    const paidCashFen = change.quote.amountFen - paidVoucherFen;
    const detail: CloudDiskOrderDetail = {
      op: input.op,
      regionCode: region.code,
      sizeGb: change.sizeGb,
      expiresAt: change.expiresAt.toISOString(),
      quote: change.quote,
      explanation: cloudDiskExplanation(change.quote, paidVoucherFen, paidCashFen),
    };
    const order = await spendFromLockedAccount(tx, now, caller, account, {
      operationKey: cloudDiskOperationKey(input.operationKey),
      kind: "sftp_size",
      refersTo: `cloud_disk:${diskId}`,
      priceFen: change.quote.amountFen,
      detail: detail as unknown as Record<string, unknown>,
      allowVouchers: true,
      allowCredit: true,
    });
    return { order, detail };
  });
  if (!bought) return (await replay(ctx, caller, input))!;
  const disk = await cloudDiskInRegion(ctx.db, caller, input.regionCode);
  return { disk: disk!, ...bought };
}

/** The live disk of the caller in a region with its SFTP password (asked for on purpose), or NOT_FOUND. */
export async function cloudDiskPassword(ctx: Ctx, caller: Caller, regionCode: string): Promise<string> {
  if (caller.subAccountId !== null) return fail("NOT_FOUND");
  const [row] = await ctx.db
    .select({ password: cloudDisks.sftpPassword })
    .from(cloudDisks)
    .innerJoin(regions, eq(regions.id, cloudDisks.regionId))
    .where(and(eq(cloudDisks.userId, caller.userId), ne(cloudDisks.state, "deleted"), eq(regions.code, regionCode)));
  return row ? row.password : fail("NOT_FOUND", "region_code", "该地区还没有云盘");
}
