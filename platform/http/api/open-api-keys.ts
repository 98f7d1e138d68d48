import { Hono } from "hono";
import { z } from "zod";
import type { OpenApiKeyCalls } from "../../contract/open-api";
import { OPEN_API_SCOPES, type OpenApiScope } from "../../db/open-api-schema";
import { createOpenApiKey, listOpenApiKeys, MAX_OPEN_API_KEYS, revokeOpenApiKey } from "../../modules/open-api/keys";
import { parseAllowList } from "../../rules/address-allow-list";
import { callerFromForm, type Env } from "../context";
import * as f from "../fields";
import { toOpenApiKey } from "../shapes/open-api";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

/** The main account's open API keys (issue 38 §4; platform/contract/open-api.ts). */
export const openApiKeysApi = new Hono<Env>();
const on = contractRoutes<OpenApiKeyCalls>(openApiKeysApi);

const isScope = (s: string): s is OpenApiScope => (OPEN_API_SCOPES as readonly string[]).includes(s);

const DAY_MS = 24 * 60 * 60_000;

const CreateFields = z.object({
  name: f.requiredText("密钥名称", 30),
  scopes: z
    .string({ required_error: "请至少选择一项权限", invalid_type_error: "请至少选择一项权限" })
    .max(200, "请至少选择一项权限")
    .transform((text, ctx) => {
      const scopes = [...new Set(text.split(",").map((s) => s.trim()))].filter(Boolean);
      if (scopes.length > 0 && scopes.every(isScope)) return scopes;
      ctx.addIssue({ code: "custom", message: "请至少选择一项权限" });
      return z.NEVER;
    }),
  allowed_addresses: z
    .string({ invalid_type_error: "IP白名单格式不正确" })
    .max(2000, "IP白名单过长")
    .optional()
    .default("")
    .transform((text, ctx) => {
      const parsed = parseAllowList(text);
      if (parsed.ok) return parsed.entries;
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }),
  expires_on: z
    .string({ invalid_type_error: "过期日期格式不正确" })
    .optional()
    .transform((text, ctx) => {
      if (!text) return null;
      const start = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00+08:00`) : Number.NaN;
      if (Number.isNaN(start) || new Date(start + 8 * 3600_000).toISOString().slice(0, 10) !== text) {
        ctx.addIssue({ code: "custom", message: "过期日期格式不正确" });
        return z.NEVER;
      }
      return new Date(start + DAY_MS);
    }),
});

const KeyRef = z.object({ id: f.id("访问密钥") });

on.post("/open_api/get_key_list", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return { keys: (await listOpenApiKeys(c.var.ctx, caller)).map(toOpenApiKey), max_keys: MAX_OPEN_API_KEYS };
});

on.post("/open_api/create_key", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(CreateFields, form);
  const created = await createOpenApiKey(c.var.ctx, caller, {
    name: input.name,
    scopes: input.scopes,
    allowedAddresses: input.allowed_addresses,
    expiresAt: input.expires_on,
  });
  return { key: toOpenApiKey(created.key), secret: created.secret };
});

on.post("/open_api/delete_key", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const { id } = parseFields(KeyRef, form);
  await revokeOpenApiKey(c.var.ctx, caller, { id });
  return null;
});
