import { ERROR_CATALOGUE, type ErrorKey } from "../../contract/errors";
import { OPEN_API_SCOPES } from "../../db/open-api-schema";
import { OPEN_API_CALLS, OPEN_API_PREFIX } from "./calls";
import { toJsonSchema, type JsonSchema } from "./json-schema";

/** The refusals of a signed request, in the order they are checked (decision 110). */
const SIGNING_ERRORS: ErrorKey[] = [
  "OPEN_API_HEADERS_MISSING",
  "OPEN_API_KEY_UNKNOWN",
  "OPEN_API_KEY_REVOKED",
  "OPEN_API_KEY_EXPIRED",
  "OPEN_API_SIGNATURE_INVALID",
  "OPEN_API_TIMESTAMP_SKEWED",
  "OPEN_API_ADDRESS_DENIED",
  "OPEN_API_SCOPE_DENIED",
  "OPEN_API_RATE_LIMITED",
  "OPEN_API_NONCE_REUSED",
];

const header = (name: string, description: string, schema: JsonSchema) => ({
  name,
  in: "header",
  required: true,
  description,
  schema,
});

/**
 * The open API as an OpenAPI 3.1 document (/api/openapi.json): each call's request body from the very zod schema its
 * handler parses (json-schema.ts), the signing headers, the reply envelope and the refusals with their HTTP status.
 * Built once: it depends only on code.
 */
function buildDocument(): JsonSchema {
  const refusals = Object.fromEntries(
    [...new Set(SIGNING_ERRORS.map((key) => ERROR_CATALOGUE[key].http))].map((http) => [
      String(http),
      {
        description: SIGNING_ERRORS.filter((key) => ERROR_CATALOGUE[key].http === http)
          .map((key) => `${key}：${ERROR_CATALOGUE[key].reason}`)
          .join("；"),
        ...(http === 429 && {
          headers: { "Retry-After": { description: "需等待的秒数", schema: { type: "integer" } } },
        }),
        content: { "application/json": { schema: { $ref: "#/components/schemas/Refusal" } } },
      },
    ]),
  );
  const paths = Object.fromEntries(
    Object.entries(OPEN_API_CALLS).map(([call, spec]) => [
      `${OPEN_API_PREFIX}${call}`,
      {
        post: {
          summary: spec.summary,
          description: spec.scope ? `需要权限 ${spec.scope}` : "任意有效的访问密钥",
          parameters: [
            { $ref: "#/components/parameters/KeyId" },
            { $ref: "#/components/parameters/Timestamp" },
            { $ref: "#/components/parameters/Nonce" },
            { $ref: "#/components/parameters/Signature" },
          ],
          requestBody: {
            required: false,
            content: { "application/x-www-form-urlencoded": { schema: toJsonSchema(spec.fields) } },
          },
          responses: {
            "200": {
              description: "成功：status 为 0",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Success" } } },
            },
            ...refusals,
            "404": {
              description: "接口不存在，或所查的记录不存在（如 INSTANCE_NOT_FOUND）",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Refusal" } } },
            },
          },
        },
      },
    ]),
  );
  return {
    openapi: "3.1.0",
    info: {
      title: "算力云开放API",
      version: "1",
      description:
        "以访问密钥签名的请求（X-Signature = hex(HMAC-SHA256(secret, METHOD\\nPATH\\nSORTED_QUERY\\nTIMESTAMP\\nNONCE\\nhex(SHA256(body)))）），签名方法与示例见文档“访问密钥与签名请求”（/docs/open-api-signing）。每个密钥每分钟最多 60 个请求。",
    },
    paths,
    components: {
      parameters: {
        KeyId: header("X-Key-Id", "AccessKey ID", { type: "string", pattern: "^ak[0-9a-f]{24}$" }),
        Timestamp: header("X-Timestamp", "Unix 时间戳（秒），与服务器相差不超过 300 秒", {
          type: "string",
          pattern: "^\\d{1,12}$",
        }),
        Nonce: header("X-Nonce", "每个请求不同的随机字符串", { type: "string", pattern: "^[A-Za-z0-9_-]{8,64}$" }),
        Signature: header("X-Signature", "签名，小写十六进制", { type: "string", pattern: "^[0-9a-f]{64}$" }),
      },
      schemas: {
        Success: {
          type: "object",
          required: ["status", "reason", "data"],
          properties: { status: { const: 0 }, reason: { const: "" }, data: {} },
        },
        Refusal: {
          type: "object",
          required: ["status", "reason", "key", "data"],
          properties: {
            status: { const: 1 },
            reason: { type: "string", description: "中文原因" },
            key: { type: "string", description: "错误码", examples: SIGNING_ERRORS },
            data: {
              anyOf: [
                { type: "null" },
                {
                  type: "object",
                  properties: {
                    field: { type: ["string", "null"] },
                    scope: { type: "string", enum: [...OPEN_API_SCOPES] },
                    retry_after: { type: "integer" },
                  },
                },
              ],
            },
          },
        },
      },
    },
  };
}

let built: JsonSchema | undefined;
export const openApiDocument = (): JsonSchema => (built ??= buildDocument());
