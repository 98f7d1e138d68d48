import { Hono } from "hono";
import { z } from "zod";
import type { CloudDiskCalls } from "../../contract/cloud-disk";
import { buyCloudDisk, cloudDiskPassword } from "../../modules/cloud-disk/buy";
import { cloudDiskInfo, diskInRegion } from "../../modules/cloud-disk/info";
import { CLOUD_DISK_MAX_GB, CLOUD_DISK_MAX_MONTHS } from "../../rules/cloud-disk-price";
import { callerFromForm, type Env } from "../context";
import * as f from "../fields";
import { toBuySftpSize, toRemainDisk, toSftpSizeInfo } from "../shapes/cloud-disk";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

/** Cloud disks (issue 36 §1, decision 083): buy, expand and renew storage per region; its use and SFTP access. */
export const cloudDiskApi = new Hono<Env>();
const on = contractRoutes<CloudDiskCalls>(cloudDiskApi);

const operationKey = z
  .string({ required_error: "缺少操作标识，请刷新页面后重试", invalid_type_error: "操作标识格式不正确" })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "操作标识格式不正确，请刷新页面后重试");
const regionCode = z
  .string({ required_error: "请选择地区", invalid_type_error: "请选择地区" })
  .trim()
  .min(1, "请选择地区")
  .max(64, "请选择地区");
const months = f.int("时长（月）", 1, CLOUD_DISK_MAX_MONTHS);

const BuyFields = z.discriminatedUnion("op", [
  z.object({
    op: z.literal("buy"),
    region_code: regionCode,
    size_gb: f.int("容量（GB）", 10, CLOUD_DISK_MAX_GB),
    months,
    operation_key: operationKey,
  }),
  z.object({
    op: z.literal("expand"),
    region_code: regionCode,
    add_gb: f.int("扩容容量（GB）", 10, CLOUD_DISK_MAX_GB),
    operation_key: operationKey,
  }),
  z.object({ op: z.literal("renew"), region_code: regionCode, months, operation_key: operationKey }),
]);
const RegionFields = z.object({ region_code: regionCode });

on.post("/get_sftp_size_info", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return toSftpSizeInfo(await cloudDiskInfo(c.var.ctx, caller));
});

on.post("/buy_sftp_size", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(BuyFields, form);
  const common = { regionCode: input.region_code, operationKey: input.operation_key };
  const bought = await buyCloudDisk(
    c.var.ctx,
    caller,
    input.op === "buy"
      ? { op: "buy", ...common, sizeGb: input.size_gb, months: input.months }
      : input.op === "expand"
        ? { op: "expand", ...common, addGb: input.add_gb }
        : { op: "renew", ...common, months: input.months },
  );
  return toBuySftpSize(bought);
});

on.post("/get_remain_disk", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(RegionFields, form);
  return toRemainDisk(await diskInRegion(c.var.ctx, caller, input.region_code));
});

on.post("/get_sftp_password", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(RegionFields, form);
  return { SftpPassword: await cloudDiskPassword(c.var.ctx, caller, input.region_code) };
});
