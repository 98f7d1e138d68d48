import { describe, expect, it } from "vitest";
import { checkCompanyName } from "./company-name";
import {
  checkDocumentName,
  checkDocumentNumber,
  isOtherDocumentType,
  type OtherDocumentTypeName,
} from "./other-documents";

describe("other-channel documents (decision 100)", () => {
  it.each<[OtherDocumentTypeName, string, string | null]>([
    ["passport", "E12345678", "E12345678"],
    ["passport", " g 1234 5678 ", "G12345678"],
    ["passport", "E12", null],
    ["passport", "E1234567890123456789", null],
    ["hk_macao_permit", "H12345678", "H12345678"],
    ["hk_macao_permit", "m1234567890", "M1234567890"],
    ["hk_macao_permit", "12345678", null],
    ["hk_macao_permit", "H1234567", null],
    ["taiwan_permit", "12345678", "12345678"],
    ["taiwan_permit", "1234567890", "1234567890"],
    ["taiwan_permit", "T12345678", null],
    ["foreign_permanent_residence", "USA123456789012", "USA123456789012"],
    ["foreign_permanent_residence", "91234567890123456X", "91234567890123456X"],
    ["foreign_permanent_residence", "11010119900307851X", null],
    ["other", "AB-1234", "AB-1234"],
    ["other", "A/1", null],
    ["passport", "", null],
  ])("%s %j -> %j", (type, raw, expected) => {
    const checked = checkDocumentNumber(type, raw);
    expect(checked.ok ? checked.documentNumber : null).toBe(expected);
    if (!checked.ok) expect(checked.reason).toMatch(/[\u4e00-\u9fff]/);
  });

  it.each<[string, string | null]>([
    ["ANNA MÜLLER", "ANNA MÜLLER"],
    ["  Jean-Luc   PICARD ", "Jean-Luc PICARD"],
    ["陳大文", "陳大文"],
    ["O'NEIL", "O'NEIL"],
    ["阿卜杜·热合曼", "阿卜杜·热合曼"],
    ["A", null],
    ["<script>", null],
    ["Anna1", null],
    ["", null],
  ])("name %j -> %j", (raw, expected) => {
    const checked = checkDocumentName(raw);
    expect(checked.ok ? checked.name : null).toBe(expected);
  });

  it("knows its document types only", () => {
    expect(
      ["passport", "hk_macao_permit", "taiwan_permit", "foreign_permanent_residence", "other"].every(
        isOtherDocumentType,
      ),
    ).toBe(true);
    expect(isOtherDocumentType("id_card")).toBe(false);
    expect(isOtherDocumentType("toString")).toBe(false);
  });

  it.each<[string, string | null]>([
    ["演示算力科技有限公司", "演示算力科技有限公司"],
    ["  Acme   (Beijing) Co., Ltd. ", "Acme (Beijing) Co., Ltd."],
    ["A", null],
    ["", null],
    ["公".repeat(101), null],
  ])("company name %j -> %j", (raw, expected) => {
    const checked = checkCompanyName(raw);
    expect(checked.ok ? checked.companyName : null).toBe(expected);
  });
});
