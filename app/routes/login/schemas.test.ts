/** The login page's forms refuse control characters beside their field (issue 9 §7). */
import { describe, expect, it } from "vitest";
import { CompanyRegisterSchema, SubLoginSchema } from "./schemas";

describe("control characters in the login page's forms", () => {
  it("the pages' forms put the error beside its field", () => {
    const company = CompanyRegisterSchema.safeParse({
      phone: "13800001234",
      code: "123456",
      password: "Passw0rd123",
      agree: "1",
      company_name: "坏\u0000公司",
      credit_code: "91110000MA00000000",
      contact_name: "张三",
    });
    expect(company.success).toBe(false);
    const issue = company.error?.issues.find((i) => i.path[0] === "company_name");
    expect(issue?.message).toBe("企业名称包含非法字符");
    const sub = SubLoginSchema.safeParse({ phone: "13800000000", name: "lab\u0000", password: "x" });
    expect(sub.error?.issues.find((i) => i.path[0] === "name")?.message).toBe("子账号名称包含非法字符");
  });
});
