import { and, asc, eq } from "drizzle-orm";
import { instanceSettlements, instances } from "../../db/market-schema";
import { purchaseOrders } from "../../db/wallet-schema";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import type { InstanceAccess } from "../../providers/compute/types";
import type { RentalOrderDetail } from "./create";
import type { PriceBreakdown } from "./price";
import { jupyterTurnedOff } from "./plugins";
import { ownedBy } from "./scope";
import { selectInstances, toInstance, type Instance } from "./view";

/** One charge of an instance: its package's purchase or an hourly settlement. */
export interface InstanceCharge {
  kind: "package" | "settlement";
  at: Date;
  periodStart: Date;
  periodEnd: Date;
  seconds: number;
  amountFen: number;
  paidVoucherFen: number;
  paidCashFen: number;
  /** Package: its price breakdown; settlement: null (the seconds and `rate` explain it). */
  price: PriceBreakdown | null;
  /** Settlement: the prices it was settled at (0 GPUs: without GPU, decision 086); package: null. */
  rate: {
    gpuCount: number;
    unitPriceFen: number;
    durationDiscountBp: number;
    vipDiscountBp: number;
    /** The monthly price of its extra data disk GB (decision 093); 0 for none. */
    extraDiskMonthFen: number;
  } | null;
}

/** How to reach an instance; the password only when asked for; no JupyterLab link while it is turned off (plugins). */
export type InstanceAccessShown = Omit<InstanceAccess, "sshPassword" | "jupyterUrl"> & {
  sshPassword: string | null;
  jupyterUrl: string | null;
};

export interface InstanceDetail extends Instance {
  /** How to reach it; null once released. The password only when asked for. */
  access: InstanceAccessShown | null;
  charges: InstanceCharge[];
  /** Days a stopped instance is kept before it is released (the survival table's retention). */
  retentionDays: number;
}

/**
 * How to reach an instance (null once released), the password only with
 * `revealPassword`, the JupyterLab link unless `jupyterOff` (turned off on its plugin page).
 */
export function instanceAccess(
  ctx: Pick<Ctx, "providers">,
  instance: Instance,
  revealPassword: boolean,
  jupyterOff: boolean,
): InstanceAccessShown | null {
  if (instance.state === "released") return null;
  const full = ctx.providers.compute.access(
    { sshHost: instance.hostSshHost },
    { sshPort: instance.sshPort, sshPassword: instance.sshPassword, jupyterToken: instance.jupyterToken },
  );
  return {
    ...full,
    sshPassword: revealPassword ? full.sshPassword : null,
    jupyterUrl: jupyterOff ? null : full.jupyterUrl,
  };
}

/**
 * `/instance/get_instance_detail`: one of the caller's instances (anyone
 * else's is INSTANCE_NOT_FOUND), its access details unless released (the
 * password only with `revealPassword`), and every charge, oldest first.
 */
export async function instanceDetail(
  ctx: Pick<Ctx, "db" | "now" | "providers" | "site">,
  caller: Caller,
  input: { uuid: string; revealPassword: boolean },
): Promise<InstanceDetail> {
  const now = ctx.now();
  const [row] = await selectInstances(ctx.db, and(eq(instances.uuid, input.uuid), ownedBy(caller)));
  if (!row) return fail("INSTANCE_NOT_FOUND");
  const instance = toInstance(row, now);

  const jupyterOff = (await jupyterTurnedOff(ctx.db, [instance.id])).has(instance.id);
  const access = instanceAccess(ctx, instance, input.revealPassword, jupyterOff);

  const orders = await ctx.db
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.userId, instance.userId), eq(purchaseOrders.refersTo, `instance:${instance.uuid}`)))
    .orderBy(asc(purchaseOrders.id));
  const settlements = await ctx.db
    .select()
    .from(instanceSettlements)
    .where(eq(instanceSettlements.instanceId, instance.id))
    .orderBy(asc(instanceSettlements.periodStart));

  const charges: InstanceCharge[] = [
    ...orders.map((o): InstanceCharge => {
      const detail = o.detail as Partial<RentalOrderDetail>;
      return {
        kind: "package",
        at: o.createdAt,
        periodStart: detail.periodStart ? new Date(detail.periodStart) : o.createdAt,
        periodEnd: detail.periodEnd ? new Date(detail.periodEnd) : (instance.packageExpiresAt ?? o.createdAt),
        seconds: 0,
        amountFen: o.amountFen,
        paidVoucherFen: o.paidVoucherFen,
        paidCashFen: o.paidCashFen,
        price: detail.price ?? null,
        rate: null,
      };
    }),
    ...settlements.map((s): InstanceCharge => ({
      kind: "settlement",
      at: s.createdAt,
      periodStart: s.periodStart,
      periodEnd: s.periodEnd,
      seconds: s.seconds,
      amountFen: s.amountFen,
      paidVoucherFen: s.paidVoucherFen,
      paidCashFen: s.paidCashFen,
      price: null,
      rate: {
        gpuCount: s.gpuCount,
        unitPriceFen: s.unitPriceFen,
        durationDiscountBp: s.durationDiscountBp,
        vipDiscountBp: s.vipDiscountBp,
        extraDiskMonthFen: s.extraDiskMonthFen,
      },
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return { ...instance, access, charges, retentionDays: ctx.site.instanceRetentionDays };
}
