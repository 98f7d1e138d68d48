import { z } from "zod";
import { buySftpSize, type CloudDiskWire, type SftpSizeInfoWire } from "~/upstream/cloud-disk.server";
import { errorsOf, type FieldErrors } from "./action.server";
import { redirectWithToast } from "./toast.server";
import {
  CLOUD_DISK_MAX_GB,
  CLOUD_DISK_MAX_MONTHS,
  expansionQuote,
  monthsProblem,
  sizeProblem,
  termQuote,
  type CloudDiskQuote,
} from "../../platform/rules/cloud-disk-price";
import { formatWireMoney } from "../../platform/rules/money";

export const CLOUD_DISK_PATH = "/console/cloudDisk";
export const SUB_ACCOUNT_REFUSAL = "子账号不能购买云盘，请使用主账号购买";
const STALE = "请求有误，请刷新页面后重试";

const whole = (label: string) =>
  z.coerce
    .number({ invalid_type_error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(1, `请填写${label}`);
const region = z.string({ required_error: "请选择地区" }).trim().min(1, "请选择地区").max(64, "请选择地区");
const size = whole("容量").superRefine((v, ctx) => {
  const problem = sizeProblem(v);
  if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
});
const months = whole("时长").superRefine((v, ctx) => {
  const problem = monthsProblem(v);
  if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
});
const addGb = whole("扩容容量").superRefine((v, ctx) => {
  if (v % 10 !== 0 || v > CLOUD_DISK_MAX_GB)
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "扩容容量必须是 10 GB 的整数倍" });
});
const operationKey = z.string({ required_error: STALE }).regex(/^[A-Za-z0-9_-]{8,64}$/, STALE);

/** The three purchases: each asked first as a GET (`confirm=<op>`, nothing changes), then posted with its intent. */
export const BuyChoice = z.object({ region_code: region, size_gb: size, months });
export const ExpandChoice = z.object({ region_code: region, add_gb: addGb });
export const RenewChoice = z.object({ region_code: region, months });
export const BuySchema = BuyChoice.extend({ operation_key: operationKey });
export const ExpandSchema = ExpandChoice.extend({ operation_key: operationKey });
export const RenewSchema = RenewChoice.extend({ operation_key: operationKey });

export type CloudDiskOp = "buy" | "expand" | "renew";

/** What the confirm panel shows and posts: the choice, its price now, and the disk it changes. */
export interface CloudDiskConfirmation {
  op: CloudDiskOp;
  fields: Record<string, string>;
  quote: CloudDiskQuote;
  regionName: string;
}

/** The purchase asked for in the query (`?confirm=buy&region_code=…`): its confirmation, or the errors beside its fields. */
export type ConfirmQuestion =
  | { op: CloudDiskOp; confirmation: CloudDiskConfirmation; fieldErrors: null; values: Record<string, string> }
  | { op: CloudDiskOp; confirmation: null; fieldErrors: FieldErrors; values: Record<string, string> };

const isOp = (v: string | null): v is CloudDiskOp => v === "buy" || v === "expand" || v === "renew";

/** Reads `?confirm=…` against the account's disks; null when nothing is asked. Priced with the rule the charge uses. */
export function confirmQuestion(url: URL, info: SftpSizeInfoWire, now: Date): ConfirmQuestion | null {
  const op = url.searchParams.get("confirm");
  if (!isOp(op)) return null;
  const values = Object.fromEntries([...url.searchParams.entries()].filter(([k]) => k !== "confirm"));
  const refuse = (fieldErrors: FieldErrors) => ({ op, confirmation: null, fieldErrors, values });
  const schema = op === "buy" ? BuyChoice : op === "expand" ? ExpandChoice : RenewChoice;
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const { fieldErrors, formError } = errorsOf(parsed.error);
    return refuse(formError ? { ...fieldErrors, region_code: formError } : fieldErrors);
  }
  const choice = parsed.data as Record<string, string | number>;
  const regionCode = String(choice.region_code);
  const regionName = info.regions.find((r) => r.code === regionCode)?.name;
  if (!regionName) return refuse({ region_code: "该地区不存在" });
  const disk: CloudDiskWire | undefined = info.disks.find((d) => d.RegionCode === regionCode);
  let quote: CloudDiskQuote;
  if (op === "buy") {
    if (disk) return refuse({ region_code: "该地区已有云盘，请扩容或续费" });
    quote = termQuote(Number(choice.size_gb), Number(choice.months));
  } else if (!disk) {
    return refuse({ region_code: "该地区还没有云盘" });
  } else if (op === "renew") {
    quote = termQuote(disk.SizeGb, Number(choice.months));
  } else {
    if (disk.State !== "active") return refuse({ add_gb: "云盘已到期，请先续费再扩容" });
    if (disk.SizeGb + Number(choice.add_gb) > CLOUD_DISK_MAX_GB)
      return refuse({ add_gb: `扩容后容量不能超过 ${CLOUD_DISK_MAX_GB} GB` });
    quote = expansionQuote(Number(choice.add_gb), now, new Date(disk.ExpiresAt));
  }
  const fields = Object.fromEntries(Object.entries(choice).map(([k, v]) => [k, String(v)]));
  return { op, confirmation: { op, fields, quote, regionName }, fieldErrors: null, values };
}

/** Durations offered in the forms: 1–12 months. */
export const MONTH_CHOICES = Array.from({ length: CLOUD_DISK_MAX_MONTHS }, (_, i) => i + 1);

const DONE: Record<CloudDiskOp, string> = { buy: "购买成功", expand: "扩容成功", renew: "续费成功" };

/**
 * Posts the confirmed purchase, then goes back to the page with a toast of what it cost and why. 可用余额少于套餐价格!
 * stays on the page above the form (with the top-up link there).
 */
export async function confirmPurchase(
  token: string,
  op: CloudDiskOp,
  input: z.infer<typeof BuySchema> | z.infer<typeof ExpandSchema> | z.infer<typeof RenewSchema>,
): Promise<Response> {
  const bought = await buySftpSize(token, { op, ...input });
  const message = bought.Replayed
    ? `该订单已提交过：${bought.Explanation}`
    : `${DONE[op]}，支付 ${formatWireMoney(bought.Amount)}（${bought.Explanation}）`;
  return redirectWithToast(CLOUD_DISK_PATH, { type: "success", message });
}
