import { Hono } from "hono";
import { z } from "zod";
import type { InstanceCalls } from "../../contract/instances";
import { BILLING_MODES, INSTANCE_STATES } from "../../db/market-schema";
import { releaseInstance, restartInstance, startInstance, stopInstance } from "../../modules/instances/actions";
import type { RentalChoice } from "../../modules/instances/choice";
import { createInstance } from "../../modules/instances/create";
import { instanceDetail } from "../../modules/instances/detail";
import { listInstances } from "../../modules/instances/list";
import { pickCoupons, previewListPrice, previewRental } from "../../modules/instances/preview";
import { callerFromForm, visitor, type Env } from "../context";
import * as f from "../fields";
import {
  toCreateInstanceWire,
  toInstanceDetailWire,
  toInstancePageWire,
  toInstanceWire,
  toListPriceWire,
  toPickCouponsWire,
  toRentalPreviewWire,
} from "../shapes/instances";
import { parseFields, readForm, type Form } from "../wire";
import { contractRoutes } from "./contract-routes";

/** Instances (issue 12 §3–5, decision 043): the rental's preview and coupons, renting, listing, the lifecycle. */
export const instancesApi = new Hono<Env>();
const on = contractRoutes<InstanceCalls>(instancesApi);

const choose = (label: string) => ({ errorMap: () => ({ message: `请选择${label}` }) });
const code = (label: string) =>
  z
    .string({ required_error: `请选择${label}`, invalid_type_error: `${label}格式不正确` })
    .regex(/^[a-z0-9-]{1,32}$/, `${label}格式不正确`);

/** An empty field counts as not sent. */
export const blankAsAbsent = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema);

const RentalChoiceFields = z.object({
  machine_type: z.enum(["kvm", "docker"], choose("机器类型")),
  region: code("地区"),
  gpu_model: code("GPU型号"),
  gpu_count: f.int("GPU数量", 1, 8),
  image_id: f.id("镜像"),
  billing_mode: z.enum(BILLING_MODES, choose("计费方式")),
  // An hourly rental has no duration; a form may send it empty. The package's range is checked by the module.
  duration: blankAsAbsent(f.int("时长", 0, 29).optional()),
  // Absent or empty: the best applicable coupon; "0": none.
  coupon_id: blankAsAbsent(f.int("优惠券", 0, Number.MAX_SAFE_INTEGER).optional()),
});

export const operationKey = z
  .string({ required_error: "缺少操作标识，请刷新页面后重试", invalid_type_error: "操作标识格式不正确" })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "操作标识格式不正确，请刷新页面后重试");

const CreateFields = RentalChoiceFields.extend({
  operation_key: operationKey,
  name: f.optionalText("实例名称", 30),
});

export const instanceUuid = z
  .string({ required_error: "请选择实例", invalid_type_error: "实例编号格式不正确" })
  .trim()
  .min(1, "请选择实例")
  .max(32, "实例编号格式不正确");
export const RefFields = z.object({ instance_uuid: instanceUuid });

export const ListFields = z.object({
  page: f.page,
  page_size: f.pageSize(100, 10),
  state: z
    .enum([...INSTANCE_STATES, "all"], { errorMap: () => ({ message: "实例状态不正确" }) })
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

export const DetailFields = RefFields.extend({ reveal_password: f.flag("显示密码") });
export const ReleaseFields = RefFields.extend({
  confirm_name: z
    .string({ required_error: "请输入实例名称以确认释放", invalid_type_error: "实例名称格式不正确" })
    .max(64, "实例名称过长"),
});

function rentalChoice(form: Form): RentalChoice {
  const input = parseFields(RentalChoiceFields, form);
  return {
    machineType: input.machine_type,
    regionCode: input.region,
    gpuModelCode: input.gpu_model,
    gpuCount: input.gpu_count,
    imageId: input.image_id,
    billingMode: input.billing_mode,
    duration: input.duration ?? null,
    couponId: input.coupon_id,
  };
}

on.post("/instance/preview_rental", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  return toRentalPreviewWire(await previewRental(c.var.ctx, caller, rentalChoice(form)));
});

on.post("/instance/preview_list_price", async (c) => {
  const form = await readForm(c);
  return toListPriceWire(await previewListPrice(c.var.ctx, visitor(c), rentalChoice(form)));
});

on.post("/pick_valid_and_all_coupon", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  return toPickCouponsWire(await pickCoupons(c.var.ctx, caller, rentalChoice(form)));
});

on.post("/instance/create_instance", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const choice = rentalChoice(form);
  const input = parseFields(CreateFields, form);
  const created = await createInstance(c.var.ctx, caller, {
    ...choice,
    operationKey: input.operation_key,
    name: input.name,
  });
  return toCreateInstanceWire(created);
});

on.post("/instance/get_instance_list", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(ListFields, form);
  const page = await listInstances(c.var.ctx, caller, {
    page: input.page,
    pageSize: input.page_size,
    state: input.state ?? null,
  });
  return toInstancePageWire(page);
});

on.post("/instance/get_instance_detail", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(DetailFields, form);
  const detail = await instanceDetail(c.var.ctx, caller, {
    uuid: input.instance_uuid,
    revealPassword: input.reveal_password,
  });
  return toInstanceDetailWire(detail);
});

on.post("/instance/start_instance", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(RefFields, form);
  return toInstanceWire(await startInstance(c.var.ctx, caller, { uuid: input.instance_uuid }));
});

on.post("/instance/stop_instance", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(RefFields, form);
  return toInstanceWire(await stopInstance(c.var.ctx, caller, { uuid: input.instance_uuid }));
});

on.post("/instance/restart_instance", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(RefFields, form);
  return toInstanceWire(await restartInstance(c.var.ctx, caller, { uuid: input.instance_uuid }));
});

on.post("/instance/release_instance", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(ReleaseFields, form);
  return toInstanceWire(
    await releaseInstance(c.var.ctx, caller, { uuid: input.instance_uuid, confirmName: input.confirm_name }),
  );
});
