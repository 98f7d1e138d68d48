/**
 * The bare-metal reservation's fields (issue 12 §2), one schema for the wire
 * (`/add_baremetal_reservation`) and the store's reservation form, with the
 * Chinese reason of each field.
 */
import { z } from "zod";
import { contactName, multilineText, phone, requiredText } from "./fields";
import { RESERVATION_LIMITS } from "./reservation-limits";

export { RESERVATION_LIMITS };

const wholeNumber = (label: string, unit: string, min: number, max: number) =>
  z
    .union([z.string().max(12, `${label}必须是整数`), z.number()], {
      errorMap: (_issue, ctx) => ({ message: ctx.data === undefined ? `请填写${label}` : `${label}必须是整数` }),
    })
    .transform((v, ctx) => {
      const n = typeof v === "number" ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
      if (typeof v === "string" && v.trim() === "") {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `请填写${label}` });
        return z.NEVER;
      }
      if (!Number.isInteger(n)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label}必须是整数` });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label}须为${min}到${max}${unit}` });
        return z.NEVER;
      }
      return n;
    });

const code = (label: string) =>
  requiredText(label, 32).refine((v) => /^[a-z0-9][a-z0-9_-]*$/.test(v), `请选择${label}`);

export const ReservationFields = z.object({
  region: code("地区"),
  gpu: code("GPU型号"),
  machines: wholeNumber("机器数量", "台", RESERVATION_LIMITS.machines.min, RESERVATION_LIMITS.machines.max),
  months: wholeNumber("租用时长", "个月", RESERVATION_LIMITS.months.min, RESERVATION_LIMITS.months.max),
  contact_name: contactName,
  contact_phone: phone("联系电话"),
  note: multilineText("备注", RESERVATION_LIMITS.note)
    .optional()
    .transform((v) => (v ?? "").trim()),
});

export type ReservationFieldsInput = z.output<typeof ReservationFields>;
