import type { NumberCheck } from "./identity-numbers";

/** The company name as the business licence prints it (enterprise verification; pure, shared with the form). */
export function checkCompanyName(raw: string): NumberCheck<{ companyName: string }> {
  const companyName = raw.trim().replace(/\s+/g, " ");
  if (companyName.length === 0) return { ok: false, reason: "请输入企业名称" };
  if ([...companyName].length < 2 || [...companyName].length > 100)
    return { ok: false, reason: "企业名称应为2到100个字符，请按营业执照填写" };
  return { ok: true, companyName };
}
