import { z } from "zod";
import type { OpenApiScope } from "../../db/open-api-schema";
import { OFFER_FILTER_FIELDS } from "../../rules/market-filter";
import { balanceChangeFields, orderFields, spendingFields } from "../api/finance";
import { DetailFields, ListFields, RefFields, ReleaseFields } from "../api/instances";
import { PriceInfoFields, TypeFields } from "../api/market";

/** Where the open API is mounted on the platform (and so, through app/routes/api.$.ts, on the site). */
export const OPEN_API_PREFIX = "/api/open/v1";

export interface OpenApiCall {
  /** The scope a key needs; null: any valid key (the market's public reads). */
  scope: OpenApiScope | null;
  summary: string;
  /** The form fields the console's handler parses: the same zod schema (the OpenAPI document is made from it). */
  fields: z.ZodTypeAny;
}

/** The selectors' filter, field by field as rules/market-filter.ts reads it. */
const SelectorFields = z.object(
  Object.fromEntries(OFFER_FILTER_FIELDS.map((name) => [name, z.string().max(32).optional()])),
);

/**
 * The open API's calls (issue 38 §4): existing main-API calls, answered by the same handlers and module functions
 * the console uses. Anything else under the prefix is not found.
 */
export const OPEN_API_CALLS: Readonly<Record<string, OpenApiCall>> = {
  "/instance/get_instance_list": { scope: "instances:read", summary: "实例列表", fields: ListFields },
  "/instance/get_instance_detail": { scope: "instances:read", summary: "实例详情", fields: DetailFields },
  "/instance/start_instance": { scope: "instances:write", summary: "开机", fields: RefFields },
  "/instance/stop_instance": { scope: "instances:write", summary: "关机", fields: RefFields },
  "/instance/release_instance": {
    scope: "instances:write",
    summary: "释放实例（confirm_name 须与实例名称相同）",
    fields: ReleaseFields,
  },
  "/store/get_store_selector_options": { scope: null, summary: "算力市场的筛选项", fields: TypeFields },
  "/store/get_docker_gpu_selector": { scope: null, summary: "容器实例的报价与空闲卡数", fields: SelectorFields },
  "/store/get_kvm_gpu_selector": { scope: null, summary: "虚拟机实例的报价与空闲卡数", fields: SelectorFields },
  "/gpu_priceinfo": { scope: null, summary: "各会员等级的价格", fields: PriceInfoFields },
  "/get_order": { scope: "finance:read", summary: "订单记录", fields: orderFields },
  "/get_wallet_balance_change_list": { scope: "finance:read", summary: "余额变动", fields: balanceChangeFields },
  "/get_wallet_daily_spending": { scope: "finance:read", summary: "每日消费", fields: spendingFields },
};
