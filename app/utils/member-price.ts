import type { PriceInfoWire } from "~/upstream/market.server";

/** What an offer shows beside its list price: 铜牌会员价 ¥x.xx (会员价 for a sub-account). */
export interface MemberPriceLabel {
  label: string;
  price: string;
}

/**
 * The caller's membership price of one machine type and GPU model from
 * `/gpu_priceinfo`'s reply, or null when there is none or it equals the list price.
 */
export function memberPriceLabel(
  info: PriceInfoWire | null,
  type: PriceInfoWire["Prices"][number]["MachineType"],
  gpu: string,
): MemberPriceLabel | null {
  const row = info?.Prices.find((p) => p.MachineType === type && p.GpuCode === gpu);
  if (!info || !row || row.MemberPrice === row.Price) return null;
  return { label: info.VipName ? `${info.VipName}价` : "会员价", price: row.MemberPrice };
}
