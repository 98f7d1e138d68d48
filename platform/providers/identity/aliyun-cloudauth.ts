import CloudauthApi from "@alicloud/cloudauth20190307";
import type { AliyunIdentityConfig } from "../../config";
import { aliyunClientConfig, sdkClass } from "./aliyun-call";

const CloudauthClient = sdkClass(CloudauthApi);

/** A client of Aliyun Cloudauth (实人认证, API 2019-03-07) on the configured endpoint, signing with the account's keys. */
export function cloudauthClient(config: AliyunIdentityConfig): CloudauthApi {
  return new CloudauthClient(aliyunClientConfig(config, config.cloudauthEndpoint));
}
