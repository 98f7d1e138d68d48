/** The shared field rules refuse control characters beside their field (issue 9 §7), on both tiers. */
import { describe, expect, it } from "vitest";
import * as field from "./fields";

const BAD = ["\u0000", "\u0001", "\u001f", "\u007f", "\u0085", "\ud800", "\udfff"];

describe("control characters", () => {
  it("every single-line rule refuses C0, DEL, C1 and lone surrogates with 包含非法字符", () => {
    const rules = {
      text: [field.text("备注", 100), "备注"],
      requiredText: [field.requiredText("子账号名称", 32), "ab"],
      companyName: [field.companyName, "测试科技有限公司"],
      contactName: [field.contactName, "张三"],
      password: [field.password, "Passw0rd123"],
      email: [field.email, "a@example.com"],
    } as const;
    for (const [name, [rule, good]] of Object.entries(rules)) {
      expect(rule.safeParse(good).success, name).toBe(true);
      for (const bad of [...BAD, "\t", "\n", "\r"]) {
        const result = rule.safeParse(`${good.slice(0, 1)}${bad}${good.slice(1)}`);
        expect(result.success, `${name} ${JSON.stringify(bad)}`).toBe(false);
        if (!result.success && bad !== "\u0085" && !/\s/.test(bad)) {
          expect(
            result.error.issues.some((i) => i.message.includes("包含非法字符")),
            name,
          ).toBe(true);
        }
      }
    }
  });

  it("a paired surrogate (an emoji) is not a lone surrogate", () => {
    expect(field.text("备注", 10).safeParse("好😀").success).toBe(true);
  });

  it("multi-line text keeps tab, CR and LF and refuses the rest", () => {
    const body = field.multilineText("正文", 1000);
    expect(body.safeParse("# 标题\r\n\t正文\n").success).toBe(true);
    for (const bad of BAD) expect(body.safeParse(`a${bad}b`).success, JSON.stringify(bad)).toBe(false);
  });
});
