/**
 * Steps the verification journeys share: numbers that pass the checks, personal verification by bank card through
 * its page (as verification-bank-card.spec.ts walks it), and the code of the newest sandbox email to an address.
 */
import { randomInt } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { idCheckChar, luhnValid } from "../../platform/rules/identity-numbers";
import { readCode, uniquePhone } from "./support";

/** A valid resident ID number (GB 11643): Dongcheng, Beijing, born 1990-03-07. */
export function idNumber(): string {
  const first17 = `11010119900307${String(randomInt(0, 1000)).padStart(3, "0")}`;
  return first17 + idCheckChar(first17);
}

/** A Luhn-valid card number the sandbox bank accepts (not ending 0000). */
export function cardNumber(): string {
  for (;;) {
    const body = `622202${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;
    const card = [...Array(10).keys()].map((d) => body + d).find(luhnValid)!;
    if (!card.endsWith("0000")) return card;
  }
}

/** The signed-in main account verifies as a person on 银行卡认证 (its client address should be its own). */
export async function verifyPersonByBankCard(page: Page, name = "张三"): Promise<void> {
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
