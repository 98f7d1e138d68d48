import { z } from "zod";
import { requireUser } from "~/utils/session.server";
import { parseAllowList } from "../../platform/rules/address-allow-list";

/** The page is the main account's: a sub-account is told it does not exist (it has no keys, and may not make any). */
export async function requireKeyOwner(request: Request) {
  const guarded = await requireUser(request);
  if (guarded.user.SubAccount) throw new Response("页面不存在", { status: 404 });
  return guarded;
}

/** The scopes' checkboxes, one field each (a form post keeps only one value per name here). */
export const SCOPE_FIELDS = {
  scope_instances_read: "instances:read",
  scope_instances_write: "instances:write",
  scope_finance_read: "finance:read",
} as const;

const ticked = z.literal("1").optional();

/** The create form, checked here first (the platform checks again): errors beside their fields. */
export const CreateKeyForm = z
  .object({
    name: z.string().trim().min(1, "请填写密钥名称").max(30, "密钥名称不能超过30个字"),
    scope_instances_read: ticked,
    scope_instances_write: ticked,
    scope_finance_read: ticked,
    allowed_addresses: z
      .string()
      .max(2000, "IP白名单过长")
      .optional()
      .default("")
      .superRefine((text, ctx) => {
        const parsed = parseAllowList(text);
        if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
      }),
    expires_on: z
      .string()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, "过期日期格式不正确")
      .optional(),
  })
  // Checked beside the other fields' errors (a refinement after the transform would wait for them to pass).
  .superRefine((v, ctx) => {
    if (!Object.keys(SCOPE_FIELDS).some((name) => v[name as keyof typeof SCOPE_FIELDS] === "1"))
      ctx.addIssue({ code: "custom", path: ["scopes"], message: "请至少选择一项权限" });
  })
  .transform((v) => ({
    ...v,
    scopes: Object.entries(SCOPE_FIELDS)
      .filter(([name]) => v[name as keyof typeof SCOPE_FIELDS] === "1")
      .map(([, scope]) => scope),
  }));

export const DeleteKeyForm = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/, "密钥编号无效") });
