/**
 * Issue 37 §1, student verification by school mailbox, with JavaScript on and off: /studentverify is public; a
 * personally verified account (by bank card) is refused a mailbox that is not *.edu.cn beside the field, gets a code
 * at its school mailbox (the sandbox outbox), verifies, and the student-only coupon appears in the coupon centre and
 * is claimed.
 */
import { expect, test } from "./fixtures/session";
import { registerViaUi, uniquePhone, useOwnClientAddress } from "./support";
import { mailedCode, verifyByBankCardViaUi } from "./verification-support";

const STUDENT_COUPON = "学生专享八折券";

test("a verified person verifies as a student by mailbox code; the student coupon becomes claimable", async ({
  page,
}) => {
  await page.goto("/studentverify");
  await expect(page.getByRole("heading", { name: "学生认证" })).toBeVisible();
  await expect(page.getByRole("link", { name: "登录", exact: true })).toBeVisible();

  const phone = uniquePhone();
  await registerViaUi(page, phone);
  await useOwnClientAddress(page.context());
  await page.goto("/studentverify");
  await expect(page.getByRole("link", { name: "去完成个人认证" })).toBeVisible();
  await verifyByBankCardViaUi(page, "张三");

  await page.goto("/console/coupon/center");
  await expect(page.getByRole("article", { name: "满 100 减 10 元" })).toBeVisible();
  await expect(page.getByRole("article", { name: STUDENT_COUPON })).toHaveCount(0);

  await page.goto("/studentverify");
  const mailbox = page.getByRole("form", { name: "学校邮箱验证" });
  await mailbox.getByLabel("学校名称").fill("北京大学");
  await mailbox.getByLabel("学号").fill("2301210001");
  await mailbox.getByLabel("入学年份").fill("2024");
  await mailbox.getByLabel("毕业年份").fill("2028");
  await mailbox.getByLabel("学校邮箱").fill(`s${phone}@gmail.com`);
  await mailbox.getByRole("button", { name: "发送邮箱验证码" }).click();
  const form = page.getByRole("form", { name: "学校邮箱验证" });
  await expect(form.getByText("请使用以 .edu.cn 结尾的学校邮箱")).toBeVisible();
  await expect(form.getByLabel("学号")).toHaveValue("2301210001");

  const address = `s${phone}@stu.pku.edu.cn`;
  await form.getByLabel("学校邮箱").fill(address);
  await form.getByRole("button", { name: "发送邮箱验证码" }).click();
  await expect(page.getByText("验证码已发送至 s***@stu.pku.edu.cn")).toBeVisible();
  const code = await mailedCode(page.request, address);
  const enter = page.getByRole("form", { name: "输入邮箱验证码" });
  await enter.getByLabel("邮箱验证码").fill(code === "000000" ? "111111" : "000000");
  await enter.getByRole("button", { name: "完成学生认证" }).click();
  await expect(page.getByText("邮箱验证码不正确")).toBeVisible();
  await page.getByRole("form", { name: "输入邮箱验证码" }).getByLabel("邮箱验证码").fill(code);
  await page.getByRole("form", { name: "输入邮箱验证码" }).getByRole("button", { name: "完成学生认证" }).click();
  await expect(page.getByText("学生认证已完成")).toBeVisible();
  await expect(page.getByTestId("verification-student")).toContainText("已认证");

  await page.goto("/console/coupon/center");
  const card = page.getByRole("article", { name: STUDENT_COUPON });
  await card.getByRole("button", { name: "领取" }).click();
  await expect(page.getByText("领取成功")).toBeVisible();
  await expect(page.getByRole("article", { name: STUDENT_COUPON })).toContainText("已领取");
});
