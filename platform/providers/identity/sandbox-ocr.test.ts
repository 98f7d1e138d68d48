import { describe, expect, it } from "vitest";
import { checkCreditCode, checkIdNumber } from "../../rules/identity-numbers";
import { SANDBOX_OCR_SAMPLE, SandboxOcrProvider, sandboxOcrStem } from "./sandbox-ocr";
import { IdentityProviderError } from "./types";

const TODAY = new Date("2026-11-28T12:00:00Z");
const ocr = new SandboxOcrProvider(() => TODAY);
const image = (fileName: string, bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47])) => ({
  bytes,
  contentType: "image/png",
  fileName,
});
const unreadable = { name: "IdentityProviderError", code: "UNREADABLE" };

describe("the sandbox OCR", () => {
  it("reads the portrait side's name and ID number from the test pattern", async () => {
    await expect(ocr.readIdCardFront(image("idcard-front-王小明-440304199211201238.png"))).resolves.toEqual({
      name: "王小明",
      idNumber: "440304199211201238",
    });
    // A lower-case x is read as X; folders (C:\fakepath\) and the extension are not part of the pattern.
    await expect(
      ocr.readIdCardFront(image("C:\\fakepath\\idcard-front-赵六-11010519850615002x.jpeg")),
    ).rejects.toMatchObject(unreadable); // its check character is 2, not X
    await expect(ocr.readIdCardFront(image("/tmp/idcard-front-赵六-110105198506150022.JPG"))).resolves.toEqual({
      name: "赵六",
      idNumber: "110105198506150022",
    });
  });

  it("refuses an ID number that fails GB 11643 (check digit, date) as unreadable", async () => {
    for (const bad of ["110101199003078514", "110101199002308515", "990101199003078515"])
      await expect(ocr.readIdCardFront(image(`idcard-front-张三-${bad}.png`))).rejects.toMatchObject(unreadable);
  });

  it("reads the emblem side's authority and validity period", async () => {
    await expect(
      ocr.readIdCardBack(image("idcard-back-上海市公安局浦东分局-2015.03.01-2035.03.01.png")),
    ).resolves.toEqual({ issuedBy: "上海市公安局浦东分局", validPeriod: "2015.03.01-2035.03.01" });
    await expect(ocr.readIdCardBack(image("idcard-back-某县公安局-2010.01.01-长期.png"))).resolves.toEqual({
      issuedBy: "某县公安局",
      validPeriod: "2010.01.01-长期",
    });
  });

  it("reads a licence's company, credit code and legal representative; a bad credit code is unreadable", async () => {
    await expect(
      ocr.readBusinessLicence(image("licence-深圳演示科技有限公司-91440300MA5F8K2L4T-陈七.png")),
    ).resolves.toEqual({
      companyName: "深圳演示科技有限公司",
      creditCode: "91440300MA5F8K2L4T",
      legalRepresentative: "陈七",
    });
    await expect(
      ocr.readBusinessLicence(image("license-深圳演示科技有限公司-91440300ma5f8k2l4t-陈七.png")),
    ).resolves.toMatchObject({ creditCode: "91440300MA5F8K2L4T" });
    await expect(
      ocr.readBusinessLicence(image("licence-深圳演示科技有限公司-91440300MA5F8K2L4A-陈七.png")),
    ).rejects.toMatchObject(unreadable);
  });

  it("answers the valid samples for any other name", async () => {
    await expect(ocr.readIdCardFront(image("IMG_20261128_1.jpg"))).resolves.toEqual(SANDBOX_OCR_SAMPLE.front);
    await expect(ocr.readIdCardBack(image("back.png"))).resolves.toEqual(SANDBOX_OCR_SAMPLE.back);
    await expect(ocr.readBusinessLicence(image("营业执照.png"))).resolves.toEqual(SANDBOX_OCR_SAMPLE.licence);
    expect(checkIdNumber(SANDBOX_OCR_SAMPLE.front.idNumber, TODAY).ok).toBe(true);
    expect(checkCreditCode(SANDBOX_OCR_SAMPLE.licence.creditCode).ok).toBe(true);
  });

  it("is unreadable for a name with 'unreadable', an empty file, or another document or side", async () => {
    await expect(ocr.readIdCardFront(image("front-UNREADABLE.png"))).rejects.toBeInstanceOf(IdentityProviderError);
    await expect(ocr.readBusinessLicence(image("unreadable.png"))).rejects.toMatchObject(unreadable);
    await expect(ocr.readIdCardFront(image("photo.png", new Uint8Array()))).rejects.toMatchObject(unreadable);
    await expect(
      ocr.readIdCardFront(image("idcard-back-北京市公安局-2015.03.01-2035.03.01.png")),
    ).rejects.toMatchObject(unreadable);
    await expect(ocr.readIdCardBack(image("idcard-front-张三-110101199003078515.png"))).rejects.toMatchObject(
      unreadable,
    );
    await expect(
      ocr.readIdCardFront(image("licence-演示算力科技有限公司-91110108MA01C3XY29-李四.png")),
    ).rejects.toMatchObject(unreadable);
  });

  it("never puts the values it read in an error's message", async () => {
    const error = await ocr.readIdCardFront(image("idcard-front-张三-110101199003078514.png")).catch((e) => e);
    expect(String(error.message)).not.toContain("110101199003078514");
    expect(String(error.message)).not.toContain("张三");
  });

  it("takes the file's stem without folders and extension", () => {
    expect(sandboxOcrStem("C:\\fakepath\\a.b.png")).toBe("a.b");
    expect(sandboxOcrStem("dir/idcard-front-x-1.png")).toBe("idcard-front-x-1");
    expect(sandboxOcrStem(".hidden")).toBe(".hidden");
  });
});
