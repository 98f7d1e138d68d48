import { describe, expect, it } from "vitest";
import { SANDBOX_BANK_CARD_MISMATCH, SandboxBankCardProvider } from "./sandbox-bank-card";

const provider = new SandboxBankCardProvider(() => new Date("2026-11-28T00:00:00Z"));
const GOOD = { name: "张三", idNumber: "110101199003078515", cardNumber: "6222021234567890128", phone: "13912345678" };

describe("the sandbox bank card check", () => {
  const cases: [string, Partial<typeof GOOD>, { match: true } | { match: false; reason: string | RegExp }][] = [
    ["the four elements", {}, { match: true }],
    ["a name with the middle dot", { name: "阿卜杜·热合曼" }, { match: true }],
    ["an ID number ending X", { idNumber: "11010519491231002X" }, { match: true }],
    [
      "the mismatch pattern (a card ending 0000)",
      { cardNumber: "6222020000000000000" },
      {
        match: false,
        reason: SANDBOX_BANK_CARD_MISMATCH,
      },
    ],
    ["a card failing Luhn", { cardNumber: "6222021234567890123" }, { match: false, reason: /银行卡号校验不通过/ }],
    ["a wrong ID check digit", { idNumber: "110101199003078516" }, { match: false, reason: /校验位/ }],
    ["a name in Latin letters", { name: "Zhang San" }, { match: false, reason: /汉字/ }],
    ["a landline", { phone: "01012345678" }, { match: false, reason: /手机号/ }],
  ];
  it.each(cases)("%s", async (_what, override, expected) => {
    const answer = await provider.verify({ ...GOOD, ...override });
    if (expected.match) expect(answer).toEqual({ match: true });
    else expect(answer).toEqual({ match: false, reason: expect.stringMatching(expected.reason) });
  });
});
