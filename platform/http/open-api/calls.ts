import type { OpenApiScope } from "../../db/open-api-schema";

/** Where the open API is mounted on the platform (and so, through app/routes/api.$.ts, on the site). */
export const OPEN_API_PREFIX = "/api/open/v1";

/**
 * The open API's calls (issue 38 §4): existing main-API calls, answered by the same handlers and module functions
 * the console uses, each with the scope a key needs for it (null: any valid key; the market's public reads).
 * Anything else under the prefix is not found.
 */
export const OPEN_API_CALLS: Readonly<Record<string, OpenApiScope | null>> = {
  "/instance/get_instance_list": "instances:read",
  "/instance/get_instance_detail": "instances:read",
  "/instance/start_instance": "instances:write",
  "/instance/stop_instance": "instances:write",
  "/instance/release_instance": "instances:write",
  "/store/get_store_selector_options": null,
  "/store/get_docker_gpu_selector": null,
  "/store/get_kvm_gpu_selector": null,
  "/gpu_priceinfo": null,
  "/get_order": "finance:read",
  "/get_wallet_balance_change_list": "finance:read",
  "/get_wallet_daily_spending": "finance:read",
};
