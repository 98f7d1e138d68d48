/**
 * Issue 9 §7: a control character in any text field of any /api call is a
 * field refusal (status 1, the field named, HTTP 200), never a 500, and is
 * refused before anything is consumed or written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import { resolveSession } from "../modules/accounts/sessions";
import { withCreditCodeCheck } from "../rules/validation";
import { startTestPlatform, uniquePhone, type Fields, type TestPlatform } from "../../tests/support/platform";
import { accountsApi } from "./api/accounts";
import { noticesApi } from "./api/notices";

let t: TestPlatform;
let session: string;
let mainPhone: string;

beforeAll(async () => {
  t = await startTestPlatform();
  const user = await t.registerUser();
  session = user.token;
  mainPhone = user.phone;
  const caller = await resolveSession(t.ctx, { origin: { ip: "test" } }, { token: user.token });
  await createSubAccount(t.ctx, caller, { name: "ctl-lab", password: "Ctllab1234", moneyLimitFen: 0 });
});
afterAll(() => t.close());

const creditCode = withCreditCodeCheck("91110000MA0000000");

/**
 * Every /api call with a valid-looking body; each string field is a text field.
 * The test below checks that this table names every route of platform/http/api/*.ts.
 */
const CALLS: Record<string, { method: "POST" | "GET"; fields: () => Fields }> = {
  "/auth/send_verify_code": { method: "POST", fields: () => ({ phone: uniquePhone(), purpose: "register" }) },
  "/register": {
    method: "POST",
    fields: () => ({ phone: uniquePhone(), code: "123456", password: "Passw0rd123", agree: "1", bd_vid: "abc" }),
  },
  "/company_register": {
    method: "POST",
    fields: () => ({
      phone: uniquePhone(),
      code: "123456",
      password: "Passw0rd123",
      agree: "1",
      company_name: "测试科技有限公司",
      credit_code: creditCode,
      contact_name: "张三",
    }),
  },
  "/login": { method: "POST", fields: () => ({ phone: mainPhone, password: "Passw0rd123" }) },
  "/sub_account_login": {
    method: "POST",
    fields: () => ({ phone: mainPhone, name: "ctl-lab", password: "Ctllab1234" }),
  },
  "/reset_password": {
    method: "POST",
    fields: () => ({ phone: uniquePhone(), code: "123456", password: "Passw0rd123" }),
  },
  "/logout": { method: "POST", fields: () => ({ session }) },
  "/get_user_info": { method: "POST", fields: () => ({ session, with_unread: "1" }) },
  "/get_user_vip_info": { method: "POST", fields: () => ({ session }) },
  "/unregister_check": { method: "POST", fields: () => ({ session }) },
  "/unregister": { method: "POST", fields: () => ({ session, code: "123456", agree: "1" }) },
  "/change_notice_email": { method: "POST", fields: () => ({ session, email: "ops@example.com" }) },
  "/resend_notice_email_confirmation": { method: "POST", fields: () => ({ session }) },
  "/confirm_notice_email": { method: "POST", fields: () => ({ token: "A".repeat(43) }) },
  "/app/get_banner_and_notice": { method: "POST", fields: () => ({ session }) },
  "/get_notice_by_page": { method: "GET", fields: () => ({ page: "1", page_size: "10" }) },
  "/get_blod_by_id": { method: "POST", fields: () => ({ id: "1" }) },
  "/notifications/get_list": { method: "POST", fields: () => ({ session, page: "1", page_size: "10", status: "-1" }) },
  "/notifications/set_read_all": { method: "POST", fields: () => ({ session }) },
  "/messages/get_list": { method: "POST", fields: () => ({ session, page: "1", page_size: "10" }) },
  "/messages/set_read_all": { method: "POST", fields: () => ({ session }) },
  "/app/get_unread_state": { method: "POST", fields: () => ({ session }) },
};

const BAD = ["\u0000", "\u0001", "\u007f", "\u009b"];

const send = (path: string, method: "POST" | "GET", fields: Fields) =>
  method === "GET" ? t.get(path, fields) : t.post(path, fields);

describe("control characters in /api fields", () => {
  it("the table names every route of the main API", () => {
    const routes = [...accountsApi.routes, ...noticesApi.routes].map((r) => `${r.method} ${r.path}`);
    expect(routes.sort()).toEqual(
      Object.entries(CALLS)
        .map(([path, c]) => `${c.method} ${path}`)
        .sort(),
    );
  });

  for (const [path, call] of Object.entries(CALLS)) {
    it(`${path}: every text field with a control character is refused by name`, async () => {
      // The logout call would end the session the other cases use: it runs with its own.
      const fields = call.fields();
      for (const name of Object.keys(fields)) {
        for (const bad of BAD) {
          const value = `${String(fields[name])}${bad}x`;
          const reply = await send(path, call.method, { ...fields, [name]: value });
          expect(reply.http, `${path} ${name} ${JSON.stringify(bad)}`).toBe(200);
          expect(reply.body, `${path} ${name} ${JSON.stringify(bad)}`).toMatchObject({
            status: 1,
            key: "BAD_REQUEST",
            data: { field: name },
          });
          expect(reply.body.reason).toContain("包含非法字符");
        }
      }
      // A field the call does not know is not a way in either.
      const extra = await send(path, call.method, { ...fields, note: "a\u0000b" });
      expect(extra.http).toBe(200);
      expect(extra.body).toMatchObject({ status: 1, data: { field: "note" } });
    });
  }

  it("a JSON body's nested or lone-surrogate value is refused too", async () => {
    const reply = await t.request("/api/change_notice_email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"session":${JSON.stringify(session)},"email":"a\\ud800@example.com"}`,
    });
    expect(reply.http).toBe(200);
    expect(reply.body).toMatchObject({ status: 1, data: { field: "email" } });
  });

  it("the session is still alive and nothing was written: the notice email is unset", async () => {
    const info = await t.post("/get_user_info", { session });
    expect(info.body).toMatchObject({ status: 0, data: { NoticeEmail: null } });
  });

  it("a company registration with a NUL in its company name does not use up the SMS code", async () => {
    const phone = uniquePhone();
    const code = await t.sendCode(phone, "company_register");
    const fields = {
      phone,
      code,
      password: "Passw0rd123",
      agree: "1",
      credit_code: creditCode,
      contact_name: "李四",
    };
    const refused = await t.post("/company_register", { ...fields, company_name: "坏\u0000公司" });
    expect(refused.http).toBe(200);
    expect(refused.body).toMatchObject({ status: 1, data: { field: "company_name" } });
    expect(await t.userByPhone(phone)).toBeUndefined();
    const accepted = await t.post("/company_register", { ...fields, company_name: "好公司有限公司" });
    expect(accepted.body).toMatchObject({ status: 0 });
    expect((await t.userByPhone(phone))?.companyName).toBe("好公司有限公司");
  });

  it("a sub-account login with a NUL in its name is refused by field, not a 500", async () => {
    const reply = await t.post("/sub_account_login", { phone: mainPhone, name: "ctl\u0000lab", password: "x" });
    expect(reply.http).toBe(200);
    expect(reply.body).toMatchObject({ status: 1, data: { field: "name" } });
  });
});
