import { z } from "zod";
import {
  previewRenewal,
  renewInstance,
  type RenewalPreviewWire,
  type RenewChoiceFields,
} from "~/upstream/renew.server";
import { UpstreamError } from "~/upstream/transport.server";
import { formatWireMoney } from "../../platform/rules/money";
import { PACKAGE_MODES } from "../../platform/rules/rental-price";
import type { FieldErrors } from "./action.server";
import { formatDateTime } from "./format";
import { renewLengthText, type RenewChoice } from "./renew-choice";

const STALE = "请求有误，请刷新页面后重试";

/** The platform's field names as the renew form names them. */
export const RENEW_FIELD_ALIASES: Record<string, string> = { coupon_id: "coupon" };

/** The platform's fields of a choice; coupon "" leaves the pick to the platform (the best one). */
export function renewFields(uuid: string, choice: RenewChoice): RenewChoiceFields {
  return {
    instance_uuid: uuid,
    unit: choice.unit,
    count: choice.count,
    coupon_id: choice.coupon === "" ? undefined : Number(choice.coupon),
  };
}

export interface RenewQuote {
  preview: RenewalPreviewWire | null;
  fieldErrors: FieldErrors;
  formError: string | null;
}

/**
 * What the renew form shows for a choice: the price by the function that charges, the term it buys and the
 * coupons. A refusal (a count out of range, a coupon that does not apply, an instance that cannot be renewed
 * now) comes back beside its field or above the form; anything else is the page's error.
 */
export async function quoteRenewal(token: string, uuid: string, choice: RenewChoice): Promise<RenewQuote> {
  try {
    return { preview: await previewRenewal(token, renewFields(uuid, choice)), fieldErrors: {}, formError: null };
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.kind !== "refused") throw error;
    if (error.field)
      return {
        preview: null,
        fieldErrors: { [RENEW_FIELD_ALIASES[error.field] ?? error.field]: error.reason },
        formError: null,
      };
    return { preview: null, fieldErrors: {}, formError: error.reason };
  }
}

/** The 确认续费 post: the choice as the preview priced it, and the key made when the form rendered. */
export const RenewSchema = z.object({
  instance_uuid: z.string({ required_error: STALE }).regex(/^[A-Za-z0-9_-]{1,64}$/, STALE),
  unit: z.enum(PACKAGE_MODES, { errorMap: () => ({ message: "请选择续费方式（包时、包天或包月）" }) }),
  count: z.coerce
    .number({ invalid_type_error: "请输入续费时长" })
    .int("续费时长必须是整数")
    .min(1, "续费时长至少为 1")
    .max(29, "续费时长最多为 29"),
  coupon: z.string().regex(/^\d*$/, STALE).optional().default(""),
  operation_key: z.string({ required_error: STALE }).regex(/^[A-Za-z0-9_-]{8,64}$/, STALE),
});

/** Renews; answers the toast of the instance page it goes back to. Refusals are thrown (UpstreamError). */
export async function renewConfirmed(token: string, input: z.infer<typeof RenewSchema>): Promise<string> {
  const choice: RenewChoice = { unit: input.unit, count: input.count, coupon: input.coupon };
  // The confirm form posts the coupon the preview priced ("0" for none), so the charge is what was shown.
  const renewed = await renewInstance(token, {
    instance_uuid: input.instance_uuid,
    unit: input.unit,
    count: input.count,
    coupon_id: Number(input.coupon || "0"),
    operation_key: input.operation_key,
  });
  if (renewed.Replayed)
    return `该续费已提交过，实例「${renewed.Instance.Name}」到期时间 ${formatDateTime(renewed.PeriodEnd)}`;
  return (
    `续费成功：实例「${renewed.Instance.Name}」续费${renewLengthText(choice)}，到期时间 ${formatDateTime(renewed.PeriodEnd)}，` +
    `扣费 ${formatWireMoney(renewed.Price.Amount)}（算力券 ${formatWireMoney(renewed.PaidVoucher)}，余额 ${formatWireMoney(renewed.PaidCash)}）`
  );
}
