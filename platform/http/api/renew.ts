import { Hono } from "hono";
import { z } from "zod";
import type { RenewCalls } from "../../contract/instances-renew";
import type { RenewalChoice } from "../../modules/instances/renew-quote";
import { PACKAGE_MODES } from "../../rules/rental-price";
import { previewRenewal, renewInstance } from "../../modules/instances/renew";
import { callerFromForm, type Env } from "../context";
import * as f from "../fields";
import { toRenewalPreviewWire, toRenewalWire } from "../shapes/instances-renew";
import { parseFields, readForm, type Form } from "../wire";
import { contractRoutes } from "./contract-routes";

/** Renewing an instance (issue 36 §1, decision 079): the renew form's preview and `/renew_kvm_v2`. */
export const renewApi = new Hono<Env>();
const on = contractRoutes<RenewCalls>(renewApi);

/** An empty field counts as not sent. */
const blankAsAbsent = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema);

const ChoiceFields = z.object({
  instance_uuid: z
    .string({ required_error: "请选择实例", invalid_type_error: "实例编号格式不正确" })
    .trim()
    .min(1, "请选择实例")
    .max(32, "实例编号格式不正确"),
  unit: z.enum(PACKAGE_MODES, { errorMap: () => ({ message: "请选择续费方式（包时、包天或包月）" }) }),
  // The unit's range (hours 1–23, days 1–29, months 1–12) is checked by the module.
  count: f.int("续费时长", 1, 29),
  // Absent or empty: the best applicable coupon; "0": none.
  coupon_id: blankAsAbsent(f.int("优惠券", 0, Number.MAX_SAFE_INTEGER).optional()),
});

const RenewFields = ChoiceFields.extend({
  operation_key: z
    .string({ required_error: "缺少操作标识，请刷新页面后重试", invalid_type_error: "操作标识格式不正确" })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "操作标识格式不正确，请刷新页面后重试"),
});

function renewalChoice(form: Form): RenewalChoice {
  const input = parseFields(ChoiceFields, form);
  return { uuid: input.instance_uuid, unit: input.unit, count: input.count, couponId: input.coupon_id };
}

on.post("/instance/preview_renewal", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  return toRenewalPreviewWire(await previewRenewal(c.var.ctx, caller, renewalChoice(form)));
});

on.post("/renew_kvm_v2", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const choice = renewalChoice(form);
  const { operation_key } = parseFields(RenewFields, form);
  return toRenewalWire(await renewInstance(c.var.ctx, caller, { ...choice, operationKey: operation_key }));
});
