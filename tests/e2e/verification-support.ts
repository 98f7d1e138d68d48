/**
 * Helpers of the verification journeys (issue 37): valid numbers no other run uses, a bank-card verification, and the
 * code of the newest sandbox email to an address.
 */
import { randomInt } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { creditCodeCheckChar, idCheckChar, luhnValid } from "../../platform/rules/identity-numbers";
import { expect } from "./fixtures/session";
import { readCode, uniquePhone, useOwnClientAddress } from "./support";

/** A valid resident ID number (GB 11643): Dongcheng, Beijing, born on a random day of 1980–2005 (one ID number
 * verifies one account, so journeys running side by side must not draw the same). */
export function idNumber(): string {
  const born = new Date(Date.UTC(1980, 0, 1) + randomInt(0, 9000) * 86_400_000).toISOString().slice(0, 10);
  const first17 = `110101${born.replaceAll("-", "")}${String(randomInt(0, 1000)).padStart(3, "0")}`;
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

/** The 6-digit code in the newest sandbox email to `address` (waits for the delivery outbox to send it). */
export async function mailedCode(request: APIRequestContext, address: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const reply = await request.get(`/sandbox/email.json?to=${encodeURIComponent(address)}`);
      const [newest] = (await reply.json()) as { body: string }[];
      code = /验证码为：(\d{6})/.exec(newest?.body ?? "")?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}
