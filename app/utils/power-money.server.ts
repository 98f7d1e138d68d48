import { z } from "zod";
import { buyPowerMoney } from "~/upstream/vouchers.server";
import { UpstreamError } from "~/upstream/transport.server";
import { safeRedirect } from "./safe-redirect";
import { redirectWithToast } from "./toast.server";
import { formatWireMoney, formatYuan, yuanToFen } from "../../platform/rules/money";

export const SUB_ACCOUNT_REFUSAL = "子账号不能购买算力券，请使用主账号购买";

const STALE = "请求有误，请刷新页面后重试";

export const BuyOfferSchema = z.object({
  offer_id: z.coerce.number({ invalid_type_error: STALE }).int(STALE).positive(STALE),
  operation_key: z.string({ required_error: STALE }).regex(/^[A-Za-z0-9_-]{8,64}$/, STALE),
  redirectTo: z.string().optional(),
});

/** The shortfall (yuan) a refused purchase brought back in the query, when it is a valid amount. */
export function shortfallFrom(request: Request): string | null {
  const value = new URL(request.url).searchParams.get("shortfall");
  if (!value) return null;
  try {
    const fen = yuanToFen(value);
    return fen > 0 ? formatYuan(fen).replace(/,/g, "") : null;
  } catch {
    return null;
  }
}

/**
 * Buys the offer, then goes back (to this page, or where the dialog was) with
 * a toast of the new voucher balance. 可用余额少于套餐价格! comes back to this page
 * with the shortfall, which it offers to top up.
 */
export async function buyOffer(token: string, input: z.infer<typeof BuyOfferSchema>): Promise<Response> {
  const back = safeRedirect(input.redirectTo, "/console/powerMoney");
  try {
    const bought = await buyPowerMoney(token, input.offer_id, input.operation_key);
    const message = bought.Replayed
      ? `该订单已提交过，算力券余额 ${formatWireMoney(bought.PowerMoneyBalance)}`
      : `购买成功，获得算力券 ${formatWireMoney(bought.PowerMoney)}，算力券余额 ${formatWireMoney(bought.PowerMoneyBalance)}`;
    return redirectWithToast(back, { type: "success", message });
  } catch (error) {
    if (error instanceof UpstreamError && error.key === "BALANCE_BELOW_PRICE") {
      const shortfall = typeof error.data?.shortfall === "string" ? error.data.shortfall : "";
      return redirectWithToast(`/console/powerMoney?shortfall=${encodeURIComponent(shortfall)}`, {
        type: "error",
        message: error.reason,
      });
    }
    throw error;
  }
}
