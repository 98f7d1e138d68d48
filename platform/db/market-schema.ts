import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { subAccounts, users } from "./schema";

/*
 * The compute market (issue 12): the catalogue (regions, GPU models and their
 * prices per machine type, images), the simulated fleet's hosts with their GPU
 * slots, the instances users rent, the hourly settlements of the billing
 * engine, and bare-metal reservations. Money is integer fen; a GPU slot is held
 * by exactly one instance, and the host's free count can never leave
 * [0, total] (CHECK), so two rentals can never take the same slot.
 */

const fen = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);
const ref = (name: string) => bigint(name, { mode: "number" });

/** The three machine types of the store: cloud hosts (KVM), containers (docker) and bare metal. */
export const MACHINE_TYPES = ["kvm", "docker", "bare_metal"] as const;
export type MachineType = (typeof MACHINE_TYPES)[number];

/** A data centre region, e.g. 北京A区. */
export const regions = pgTable(
  "regions",
  {
    id: id(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [uniqueIndex("regions_code_uq").on(t.code)],
);

/**
 * A GPU model and what one GPU of it comes with (CPU cores, RAM, data disk per
 * GPU), e.g. RTX 4090 24 GB. `code` is what coupons target (TargetGoods).
 */
export const gpuModels = pgTable(
  "gpu_models",
  {
    id: id(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    memoryGb: integer("memory_gb").notNull(),
    cpuCoresPerGpu: integer("cpu_cores_per_gpu").notNull(),
    ramGbPerGpu: integer("ram_gb_per_gpu").notNull(),
    systemDiskGb: integer("system_disk_gb").notNull(),
    /** Free data disk per GPU; more is bought with the data disk choice. */
    dataDiskGbPerGpu: integer("data_disk_gb_per_gpu").notNull(),
    /** The newest CUDA the model's driver supports, e.g. "12.4". */
    maxCudaVersion: text("max_cuda_version").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    uniqueIndex("gpu_models_code_uq").on(t.code),
    check(
      "gpu_models_specs_pos",
      sql`${t.memoryGb} > 0 and ${t.cpuCoresPerGpu} > 0 and ${t.ramGbPerGpu} > 0 and ${t.systemDiskGb} > 0 and ${t.dataDiskGbPerGpu} >= 0`,
    ),
  ],
);

/** The list price of one GPU-hour of a model on a machine type, in fen. Operators change it with `npm run ops`. */
export const gpuPrices = pgTable(
  "gpu_prices",
  {
    id: id(),
    gpuModelId: ref("gpu_model_id")
      .notNull()
      .references(() => gpuModels.id),
    machineType: text("machine_type", { enum: MACHINE_TYPES }).notNull(),
    unitPriceFen: bigint("unit_price_fen", { mode: "number" }).notNull(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("gpu_prices_model_type_uq").on(t.gpuModelId, t.machineType),
    check("gpu_prices_unit_pos", sql`${t.unitPriceFen} > 0`),
    check("gpu_prices_type_known", sql`${t.machineType} in ('kvm', 'docker', 'bare_metal')`),
  ],
);

/** An image an instance starts from: official (PyTorch, TensorFlow, CUDA base) or, later, a user's own. */
export const images = pgTable(
  "images",
  {
    id: id(),
    code: text("code").notNull(),
    /** "PyTorch", "TensorFlow", "CUDA", … */
    framework: text("framework").notNull(),
    version: text("version").notNull(),
    cudaVersion: text("cuda_version").notNull(),
    pythonVersion: text("python_version"),
    /** Null for official images; the owner's account for a user's own. */
    ownerUserId: ref("owner_user_id").references(() => users.id),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [uniqueIndex("images_code_uq").on(t.code)],
);

/**
 * A machine of the simulated fleet (DESIGN.md, providers: compute): one region,
 * one machine type, one GPU model, `gpu_total` slots of which `gpu_free` are
 * not held by an instance. Allocation is a conditional update of `gpu_free`.
 */
export const hosts = pgTable(
  "hosts",
  {
    id: id(),
    /** Shown to users: region and machine number, e.g. 北京A区-12号机. */
    name: text("name").notNull(),
    regionId: ref("region_id")
      .notNull()
      .references(() => regions.id),
    machineType: text("machine_type", { enum: MACHINE_TYPES }).notNull(),
    gpuModelId: ref("gpu_model_id")
      .notNull()
      .references(() => gpuModels.id),
    gpuTotal: integer("gpu_total").notNull(),
    gpuFree: integer("gpu_free").notNull(),
    cudaVersion: text("cuda_version").notNull(),
    /** Where users' SSH reaches the host's instances. */
    sshHost: text("ssh_host").notNull(),
    /** Offline hosts offer nothing new; their instances keep what they hold. */
    online: boolean("online").notNull().default(true),
    /**
     * GB of data disk the host can add to its instances beyond what their GPUs include (decision 093): the
     * sum of its unreleased instances' `extra_disk_gb` stays within it (a growth checks it under the host's row lock).
     */
    extraDiskGbTotal: integer("extra_disk_gb_total").notNull().default(4096),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("hosts_name_uq").on(t.name),
    index("hosts_offer_idx").on(t.machineType, t.gpuModelId, t.regionId),
    check("hosts_gpu_total_pos", sql`${t.gpuTotal} > 0`),
    check("hosts_gpu_free_range", sql`${t.gpuFree} >= 0 and ${t.gpuFree} <= ${t.gpuTotal}`),
    check("hosts_extra_disk_nonneg", sql`${t.extraDiskGbTotal} >= 0`),
    check("hosts_type_known", sql`${t.machineType} in ('kvm', 'docker', 'bare_metal')`),
  ],
);

export const INSTANCE_STATES = [
  "creating",
  "running",
  "stopping",
  "stopped",
  "starting",
  "restarting",
  "releasing",
  "released",
] as const;
export type InstanceState = (typeof INSTANCE_STATES)[number];

/** "hour" is pay-as-you-go; "hour_package" (包时), "day" and "month" are prepaid packages (decision 085). */
export const BILLING_MODES = ["hour", "hour_package", "day", "month"] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

/**
 * A rented instance. It holds `gpu_count` slots of its host while it is
 * creating, starting, running, restarting or stopping (`gpu_held`), and none
 * once stopped or released. Prices are kept as they were at rental, so a later
 * price change never re-prices a running instance.
 *
 * Hourly instances accrue from `billed_until` while running; the billing
 * engine settles up to the hour (instance_settlements) and moves
 * `billed_until`. Packages (day, month) are paid up front until
 * `package_expires_at`; after it, or after a stop for arrears, the instance
 * is kept stopped until `release_at`, then released.
 */
export const instances = pgTable(
  "instances",
  {
    id: id(),
    /** The public id, e.g. "i-7f3a9c2e1b"; what URLs and the API carry. */
    uuid: text("uuid").notNull(),
    name: text("name").notNull(),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    /** The sub-account that rented it, if any: it sees only its own. */
    subAccountId: ref("sub_account_id").references(() => subAccounts.id),
    hostId: ref("host_id")
      .notNull()
      .references(() => hosts.id),
    machineType: text("machine_type", { enum: MACHINE_TYPES }).notNull(),
    gpuModelId: ref("gpu_model_id")
      .notNull()
      .references(() => gpuModels.id),
    gpuCount: integer("gpu_count").notNull(),
    imageId: ref("image_id")
      .notNull()
      .references(() => images.id),
    dataDiskGb: integer("data_disk_gb").notNull(),
    /** Of `data_disk_gb`, the GB added after rental (decision 093); a GPU resize leaves both as they are. */
    extraDiskGb: integer("extra_disk_gb").notNull().default(0),
    /** What the extra GB cost per 30-day month at the prices they were added at (fen): kept, like unit_price_fen. */
    extraDiskMonthFen: fen("extra_disk_month_fen"),
    billingMode: text("billing_mode", { enum: BILLING_MODES }).notNull(),
    /** Day or month packages: how many days or months were bought (renewals add). */
    packageUnits: integer("package_units").notNull().default(0),
    /** List price of one GPU-hour at rental. */
    unitPriceFen: bigint("unit_price_fen", { mode: "number" }).notNull(),
    durationDiscountBp: integer("duration_discount_bp").notNull(),
    vipDiscountBp: integer("vip_discount_bp").notNull(),
    state: text("state", { enum: INSTANCE_STATES }).notNull().default("creating"),
    gpuHeld: boolean("gpu_held").notNull().default(true),
    /** When the simulated fleet moves a transitional state on (creating → running, …). */
    transitionAt: at("transition_at"),
    stateChangedAt: at("state_changed_at").notNull().defaultNow(),
    /** Why it last stopped: the user, arrears, or package expiry. */
    stopReason: text("stop_reason", { enum: ["user", "arrears", "expired"] }),
    /** Hourly: usage up to here is settled. Set when it starts running; null while it never ran. */
    billedUntil: at("billed_until"),
    /** Day/month packages: paid until then. */
    packageExpiresAt: at("package_expires_at"),
    /** A stopped instance is released then (retention, default 15 days). */
    releaseAt: at("release_at"),
    /**
     * Started without GPU (无卡模式, decision 086): the hourly price it runs at, kept at the start, holding no GPU;
     * null otherwise. Every start sets it (a normal start clears it), so a stale one on a stopped row is never billed.
     */
    noGpuRateFen: bigint("no_gpu_rate_fen", { mode: "number" }),
    /** Everything charged for it so far, in fen (settlements and package charges). */
    costFen: fen("cost_fen"),
    sshPort: integer("ssh_port").notNull(),
    sshPassword: text("ssh_password").notNull(),
    jupyterToken: text("jupyter_token").notNull(),
    /** The rental form's key: submitting it again answers this instance and charges nothing. */
    operationKey: text("operation_key").notNull(),
    /** Which notices went out already: "expiry_3d", "expiry_1d", "low_balance:<hour>", … */
    notified: jsonb("notified").$type<string[]>().notNull().default([]),
    createdAt: at("created_at").notNull().defaultNow(),
    releasedAt: at("released_at"),
  },
  (t) => [
    uniqueIndex("instances_uuid_uq").on(t.uuid),
    uniqueIndex("instances_operation_uq").on(t.userId, t.operationKey),
    index("instances_user_idx").on(t.userId, t.id),
    index("instances_host_idx").on(t.hostId),
    index("instances_transition_idx")
      .on(t.transitionAt)
      .where(sql`${t.transitionAt} is not null`),
    // On the id, not on billed_until: the hourly settlement then changes no indexed column, and with the
    // table's fillfactor of 50 (migration 0010) its update of every running row is HOT (decision 046).
    index("instances_hourly_running_idx")
      .on(t.id)
      .where(sql`${t.billingMode} = 'hour' and ${t.state} = 'running'`),
    index("instances_package_expiry_idx")
      .on(t.packageExpiresAt)
      .where(sql`${t.billingMode} <> 'hour' and ${t.state} <> 'released'`),
    index("instances_release_idx")
      .on(t.releaseAt)
      .where(sql`${t.state} = 'stopped'`),
    check("instances_gpu_count_pos", sql`${t.gpuCount} > 0`),
    check("instances_data_disk_nonneg", sql`${t.dataDiskGb} >= 0`),
    check(
      "instances_extra_disk_range",
      sql`${t.extraDiskGb} >= 0 and ${t.extraDiskGb} <= ${t.dataDiskGb} and ${t.extraDiskMonthFen} >= 0`,
    ),
    check("instances_package_units_nonneg", sql`${t.packageUnits} >= 0`),
    check("instances_unit_price_nonneg", sql`${t.unitPriceFen} >= 0`),
    check(
      "instances_discounts_range",
      sql`${t.durationDiscountBp} between 0 and 10000 and ${t.vipDiscountBp} between 0 and 10000`,
    ),
    check("instances_cost_nonneg", sql`${t.costFen} >= 0`),
    check("instances_billing_mode_known", sql`${t.billingMode} in ('hour', 'hour_package', 'day', 'month')`),
    check(
      "instances_state_known",
      sql`${t.state} in ('creating', 'running', 'stopping', 'stopped', 'starting', 'restarting', 'releasing', 'released')`,
    ),
    check("instances_type_known", sql`${t.machineType} in ('kvm', 'docker', 'bare_metal')`),
    check("instances_package_has_expiry", sql`(${t.billingMode} = 'hour') or (${t.packageExpiresAt} is not null)`),
    check("instances_released_holds_nothing", sql`(${t.state} <> 'released') or (not ${t.gpuHeld})`),
    check(
      "instances_no_gpu_hourly",
      sql`${t.noGpuRateFen} is null or (${t.noGpuRateFen} >= 0 and ${t.billingMode} = 'hour' and not ${t.gpuHeld})`,
    ),
  ],
);

/**
 * One hourly settlement of one instance: the seconds it ran in
 * [period_start, period_end) and what they cost. Unique per instance and
 * period start, so no period is ever charged twice, whoever runs the job.
 * It records how the amount was computed (seconds × GPUs × unit price ×
 * duration and membership discounts = amount due) and which wallet paid what;
 * amount_due_fen − amount_fen is what the wallets could not pay (decision 046).
 *
 * No foreign keys (decision 049): the settlement statement writes these rows
 * from the instance and owner rows it has locked, and neither users nor
 * instances can be deleted (triggers in migration 0011).
 */
export const instanceSettlements = pgTable(
  "instance_settlements",
  {
    id: id(),
    instanceId: ref("instance_id").notNull(),
    userId: ref("user_id").notNull(),
    periodStart: at("period_start").notNull(),
    periodEnd: at("period_end").notNull(),
    seconds: integer("seconds").notNull(),
    gpuCount: integer("gpu_count").notNull(),
    unitPriceFen: bigint("unit_price_fen", { mode: "number" }).notNull(),
    durationDiscountBp: integer("duration_discount_bp").notNull(),
    vipDiscountBp: integer("vip_discount_bp").notNull(),
    /** The monthly price of the instance's extra data disk GB it was settled with (decision 093); 0 for none. */
    extraDiskMonthFen: fen("extra_disk_month_fen"),
    /**
     * usageChargeFen of the period plus its extra data disk's (extraDiskChargeFen, rounded on its own); more than
     * amount_fen only when the wallets could not pay it all.
     */
    amountDueFen: bigint("amount_due_fen", { mode: "number" }).notNull(),
    amountFen: bigint("amount_fen", { mode: "number" }).notNull(),
    paidVoucherFen: fen("paid_voucher_fen"),
    paidCashFen: fen("paid_cash_fen"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("instance_settlements_period_uq").on(t.instanceId, t.periodStart),
    check("instance_settlements_period_order", sql`${t.periodEnd} > ${t.periodStart}`),
    check("instance_settlements_seconds_pos", sql`${t.seconds} > 0`),
    check("instance_settlements_amount_nonneg", sql`${t.amountFen} >= 0`),
    check("instance_settlements_due_covers_amount", sql`${t.amountDueFen} >= ${t.amountFen}`),
    // 0: a period run without GPU (decision 086), priced by unit_price_fen per hour with no discount.
    check("instance_settlements_gpu_count_nonneg", sql`${t.gpuCount} >= 0`),
    check("instance_settlements_unit_price_nonneg", sql`${t.unitPriceFen} >= 0`),
    check("instance_settlements_extra_disk_nonneg", sql`${t.extraDiskMonthFen} >= 0`),
    check(
      "instance_settlements_discounts_range",
      sql`${t.durationDiscountBp} between 1 and 10000 and ${t.vipDiscountBp} between 1 and 10000`,
    ),
    check(
      "instance_settlements_paid_sum",
      sql`${t.paidVoucherFen} >= 0 and ${t.paidCashFen} >= 0 and ${t.paidVoucherFen} + ${t.paidCashFen} = ${t.amountFen}`,
    ),
  ],
);

/** A bare-metal reservation (whole servers, monthly, arranged by staff): listed in /console/reservations. */
export const bareMetalReservations = pgTable(
  "bare_metal_reservations",
  {
    id: id(),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    subAccountId: ref("sub_account_id").references(() => subAccounts.id),
    regionId: ref("region_id")
      .notNull()
      .references(() => regions.id),
    gpuModelId: ref("gpu_model_id")
      .notNull()
      .references(() => gpuModels.id),
    machines: integer("machines").notNull(),
    months: integer("months").notNull(),
    contactName: text("contact_name").notNull(),
    contactPhone: text("contact_phone").notNull(),
    note: text("note").notNull().default(""),
    /** pending → confirmed (an operator, `npm run ops -- reservation confirm`) | cancelled (the user, while pending). */
    status: text("status", { enum: ["pending", "confirmed", "cancelled"] })
      .notNull()
      .default("pending"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("bare_metal_reservations_user_idx").on(t.userId, t.id),
    check("bare_metal_reservations_machines_range", sql`${t.machines} between 1 and 100`),
    check("bare_metal_reservations_months_range", sql`${t.months} between 1 and 36`),
    check("bare_metal_reservations_status_known", sql`${t.status} in ('pending', 'confirmed', 'cancelled')`),
  ],
);

export const marketSchema = {
  regions,
  gpuModels,
  gpuPrices,
  images,
  hosts,
  instances,
  instanceSettlements,
  bareMetalReservations,
};
