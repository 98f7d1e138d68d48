import { describe, expect, it } from "vitest";
import {
  checkUnverifiedGpuCap,
  isUnverifiedCapReason,
  mayAskForInvoice,
  mayAskForSpecialVatInvoice,
  unlockTable,
  verifiedAsAfterPersonal,
  type VerifiedAs,
} from "./verification-unlocks";
import { checkPersonName, maskPersonName } from "./person-name";
import { beijingMinute, retryReason } from "./verification-attempts";

describe("the unverified GPU cap", () => {
  const cases: [VerifiedAs, number, number, number, boolean][] = [
    // verifiedAs, held, requested, limit, allowed
    [null, 0, 8, 8, true],
    [null, 0, 9, 8, false],
    [null, 7, 1, 8, true],
    [null, 7, 2, 8, false],
    [null, 8, 1, 8, false],
    [null, 0, 1, 0, false],
    [null, 10, 0, 8, true], // asking for nothing more is never refused
    ["personal", 8, 8, 8, true],
    ["student", 100, 8, 8, true],
    ["enterprise", 0, 64, 8, true],
  ];
  it.each(cases)("%s holding %i asking %i (limit %i): %s", (verifiedAs, held, requested, limit, allowed) => {
    expect(checkUnverifiedGpuCap({ verifiedAs, held, requested, limit }).ok).toBe(allowed);
  });

  it("says the limit, what is left or held, and where to go, in Chinese (recognised by the rental form)", () => {
    const refused = checkUnverifiedGpuCap({ verifiedAs: null, held: 8, requested: 1, limit: 8 });
    expect(!refused.ok && isUnverifiedCapReason(refused.reason)).toBe(true);
    expect(isUnverifiedCapReason("所在主机空闲GPU不足")).toBe(false);
    expect(isUnverifiedCapReason(undefined)).toBe(false);
    expect(checkUnverifiedGpuCap({ verifiedAs: null, held: 6, requested: 4, limit: 8 })).toEqual({
      ok: false,
      limit: 8,
      reason: "未实名认证的账号最多同时使用8张GPU（还可租用2张），请先完成实名认证",
    });
    expect(checkUnverifiedGpuCap({ verifiedAs: null, held: 8, requested: 1, limit: 8 })).toMatchObject({
      reason: "未实名认证的账号最多同时使用8张GPU（已使用8张），请先完成实名认证",
    });
  });
});

describe("what each label unlocks", () => {
  const cases: [VerifiedAs, boolean, boolean, VerifiedAs][] = [
    // verifiedAs, invoice, special VAT invoice, after a personal verification
    [null, false, false, "personal"],
    ["personal", true, false, "personal"],
    ["student", true, false, "student"],
    ["enterprise", true, true, "enterprise"],
  ];
  it.each(cases)("%s: invoice %s, special VAT %s, after personal %s", (verifiedAs, invoice, vat, after) => {
    expect(mayAskForInvoice(verifiedAs)).toBe(invoice);
    expect(mayAskForSpecialVatInvoice(verifiedAs)).toBe(vat);
    expect(verifiedAsAfterPersonal(verifiedAs)).toBe(after);
  });

  it("the page's table carries the configured GPU limit, and each line the labels that have it", () => {
    const table = unlockTable({ unverifiedGpuLimit: 4 });
    expect(table[0]).toMatchObject({ title: "不限GPU租用数量", detail: "未认证账号最多同时使用4张GPU" });
    expect(table.find((u) => u.title === "学生专享优惠券")!.for).toEqual(["student"]);
    expect(table.find((u) => u.title === "增值税专用发票")!.for).toEqual(["enterprise"]);
  });
});

describe("a person's name", () => {
  const cases: [string, string | null][] = [
    ["张三", "张三"],
    [" 张 三 ", "张三"],
    ["欧阳娜娜", "欧阳娜娜"],
    ["阿卜杜•热合曼", "阿卜杜·热合曼"],
    ["阿卜杜.热合曼", "阿卜杜·热合曼"],
    ["张", null],
    ["Zhang San", null],
    ["张三1", null],
    ["·张三", null],
    ["张·", null],
    ["", null],
    ["一".repeat(21), null],
  ];
  it.each(cases)("%j → %j", (raw, name) => {
    const checked = checkPersonName(raw);
    expect(checked.ok ? checked.name : null).toBe(name);
  });

  it("is masked after its first character", () => {
    expect(maskPersonName("张三")).toBe("张*");
    expect(maskPersonName("欧阳娜娜")).toBe("欧***");
  });
});

describe("when to try again", () => {
  it("is the minute in Beijing time, rounded up", () => {
    expect(beijingMinute(new Date("2026-11-28T16:00:00.000Z"))).toBe("2026-11-29 00:00");
    expect(beijingMinute(new Date("2026-11-28T16:00:00.001Z"))).toBe("2026-11-29 00:01");
    expect(retryReason(new Date("2026-11-28T04:30:00Z"))).toBe(
      "认证次数已达每日上限，请于 2026-11-28 12:30（北京时间）后再试",
    );
  });
});
