/** Helpers of the verification journeys (issue 37): valid numbers no other run uses, and a bank-card verification. */
import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { creditCodeCheckChar, idCheckChar, luhnValid } from "../../platform/rules/identity-numbers";
import { expect } from "./fixtures/session";
import { readCode, uniquePhone, useOwnClientAddress } from "./support";

/** A valid resident ID number (GB 11643): Dongcheng, Beijing, born 1990-03-07. */
export function idNumber(): string {
  const first17 = `11010119900307${String(randomInt(0, 1000)).padStart(3, "0")}`;
  return first17 + idCheckChar(first17);
}

/** A Luhn-valid card number the sandbox accepts (not ending 0000, its "does not match" pattern). */
export function cardNumber(): string {
  for (;;) {
    const body = `622202${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;
    const card = [...Array(10).keys()].map((d) => body + d).find(luhnValid)!;
    if (!card.endsWith("0000")) return card;
  }
}

/** A valid unified social credit code (GB 32100) no other run uses. */
export function creditCode(): string {
  const chars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
  const body =
    `9111010${randomInt(0, 10)}` + Array.from({ length: 9 }, () => chars[randomInt(0, chars.length)]).join("");
  return body + creditCodeCheckChar(body);
}

/** Verifies the signed-in account by bank card as `name` through 银行卡认证 (JavaScript on or off). */
export async function verifyByBankCardViaUi(page: Page, name: string): Promise<void> {
  await useOwnClientAddress(page.context());
  await page.goto("/console/verification/bankCardVerify");
  const phone = uniquePhone();
  await page.getByLabel("姓名").fill(name);
  await page.getByLabel("身份证号").fill(idNumber());
  await page.getByLabel("银行卡号").fill(cardNumber());
  await page.getByLabel("银行预留手机号").fill(phone);
  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByText("验证码已发送")).toBeVisible();
  await page.getByLabel("短信验证码").fill(await readCode(page.request, phone, "bank_card"));
  await page.getByRole("button", { name: "提交认证" }).click();
  await expect(page.getByText("个人实名认证已完成")).toBeVisible();
}
