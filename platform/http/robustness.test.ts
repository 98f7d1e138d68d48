/**
 * Every main-API call of the accounts and notices areas, fed bad input: missing
 * fields, wrong types, oversized bodies, over-long fields and unknown sessions.
 * Each must answer a non-zero status with a readable Chinese reason; never HTTP
 * 500, never a thrown error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  encodeFields,
  startTestPlatform,
  uniquePhone,
  type Fields,
  type Reply,
  type TestPlatform,
} from "../../tests/support/platform";

interface Endpoint {
  path: string;
  method: "POST" | "GET";
  /** Needs a session in the body. */
  session: boolean;
  /** Plausible values for its fields (besides session). */
  fields: Record<string, string>;
  /** Fields whose absence must be refused. */
  required: string[];
  /** Field → the longest value it accepts. */
  maxLength: Record<string, number>;
}

const CHINESE = /[\u4e00-\u9fa5]/;
const MB = "x".repeat(1024 * 1024);
const UNKNOWN_TOKEN = "A".repeat(43);

const personal = {
  phone: "",
  code: "123456",
  password: "Passw0rd123",
  agree: "1",
  event_channel: "sy",
  bd_vid: "vid-1",
};
const personalMax = { phone: 32, password: 128, event_channel: 16, bd_vid: 128 };

function endpoints(): Endpoint[] {
  return [
    {
      path: "/auth/send_verify_code",
      method: "POST",
      session: false,
      fields: { phone: uniquePhone(), purpose: "register" },
      required: ["phone", "purpose"],
      maxLength: { phone: 32 },
    },
    {
      path: "/register",
      method: "POST",
      session: false,
      fields: { ...personal, phone: uniquePhone() },
      required: ["phone", "code", "password", "agree"],
      maxLength: personalMax,
    },
    {
      path: "/company_register",
      method: "POST",
      session: false,
      fields: {
        ...personal,
        phone: uniquePhone(),
        company_name: "测试科技有限公司",
        credit_code: "91350100M000100Y43",
        contact_name: "张三",
      },
      required: ["phone", "code", "password", "agree", "company_name", "credit_code", "contact_name"],
      maxLength: { ...personalMax, company_name: 60, credit_code: 18, contact_name: 20 },
    },
    {
      path: "/login",
      method: "POST",
      session: false,
      fields: { phone: uniquePhone(), password: "Passw0rd123" },
      required: ["phone", "password"],
      maxLength: { phone: 32, password: 128 },
    },
    {
      path: "/login",
      method: "POST",
      session: false,
      fields: { login_type: "code", phone: uniquePhone(), code: "123456" },
      required: ["phone", "code"],
      maxLength: { phone: 32, code: 16 },
    },
    {
      path: "/sub_account_login",
      method: "POST",
      session: false,
      fields: { phone: uniquePhone(), name: "lab-student", password: "student1234" },
      required: ["phone", "name", "password"],
      maxLength: { phone: 32, name: 32, password: 128 },
    },
    {
      path: "/reset_password",
      method: "POST",
      session: false,
      fields: { phone: uniquePhone(), code: "123456", password: "Passw0rd123" },
      required: ["phone", "code", "password"],
      maxLength: { phone: 32, password: 128 },
    },
    { path: "/logout", method: "POST", session: true, fields: {}, required: [], maxLength: {} },
    {
      path: "/get_user_info",
      method: "POST",
      session: true,
      fields: { with_unread: "1" },
      required: [],
      maxLength: {},
    },
    { path: "/get_user_vip_info", method: "POST", session: true, fields: {}, required: [], maxLength: {} },
    { path: "/unregister_check", method: "POST", session: true, fields: {}, required: [], maxLength: {} },
    {
      path: "/unregister",
      method: "POST",
      session: true,
      fields: { code: "123456", agree: "1" },
      required: ["code", "agree"],
      maxLength: { code: 16 },
    },
    {
      path: "/change_notice_email",
      method: "POST",
      session: true,
      fields: { email: "ops@example.com" },
      required: ["email"],
      maxLength: { email: 254 },
    },
    {
      path: "/resend_notice_email_confirmation",
      method: "POST",
      session: true,
      fields: {},
      required: [],
      maxLength: {},
    },
    {
      path: "/confirm_notice_email",
      method: "POST",
      session: false,
      fields: { token: "A".repeat(43) },
      required: ["token"],
      maxLength: { token: 64 },
    },
    { path: "/app/get_banner_and_notice", method: "POST", session: false, fields: {}, required: [], maxLength: {} },
    {
      path: "/get_notice_by_page",
      method: "GET",
      session: false,
      fields: { page: "1", page_size: "3" },
      required: [],
      maxLength: { page: 12, page_size: 12 },
    },
    {
      path: "/get_blod_by_id",
      method: "POST",
      session: false,
      fields: { id: "1" },
      required: ["id"],
      maxLength: { id: 12 },
    },
    {
      path: "/notifications/get_list",
      method: "POST",
      session: true,
      fields: { page: "1", page_size: "10", status: "-1" },
      required: [],
      maxLength: { page: 12, page_size: 12, status: 12 },
    },
    { path: "/notifications/set_read_all", method: "POST", session: true, fields: {}, required: [], maxLength: {} },
    {
      path: "/messages/get_list",
      method: "POST",
      session: true,
      fields: { page: "1", page_size: "10", status: "-1" },
      required: [],
      maxLength: { page: 12, page_size: 12 },
    },
    { path: "/messages/set_read_all", method: "POST", session: true, fields: {}, required: [], maxLength: {} },
    { path: "/app/get_unread_state", method: "POST", session: true, fields: {}, required: [], maxLength: {} },
  ];
}

/** A value one character too long for its field, still shaped like the field (digits for numbers and phones). */
function tooLong(field: string, max: number): string {
  if (["phone", "code", "page", "page_size", "status", "id"].includes(field)) return "1".repeat(max + 1);
  if (field === "email") return `${"a".repeat(max - 7)}@ex.com`.padStart(max + 1, "a");
  return "a".repeat(max + 1);
}

let t: TestPlatform;
let token: string;

beforeAll(async () => {
  t = await startTestPlatform();
  token = (await t.registerUser()).token;
});
afterAll(() => t.close());

function send(endpoint: Endpoint, fields: Fields): Promise<Reply> {
  return endpoint.method === "GET" ? t.get(endpoint.path, fields) : t.post(endpoint.path, fields);
}

function sendJson(endpoint: Endpoint, body: string): Promise<Reply> {
  return t.request(`/api${endpoint.path}`, { method: "POST", headers: { "content-type": "application/json" }, body });
}

function expectRefused(reply: Reply, label: string, status?: number) {
  expect(reply.http, label).toBeLessThan(500);
  expect(reply.body, label).toBeTypeOf("object");
  expect(reply.body.status, label).toBeTypeOf("number");
  expect(reply.body.status, label).not.toBe(0);
  if (status !== undefined) expect(reply.body.status, label).toBe(status);
  expect(reply.body.reason, label).toBeTypeOf("string");
  expect(reply.body.reason, label).toMatch(CHINESE);
}

/** The main-API calls of the accounts and notices areas; each must appear in the table above. */
const CALLS = [
  "/auth/send_verify_code",
  "/register",
  "/company_register",
  "/login",
  "/sub_account_login",
  "/reset_password",
  "/logout",
  "/get_user_info",
  "/get_user_vip_info",
  "/unregister_check",
  "/unregister",
  "/change_notice_email",
  "/resend_notice_email_confirmation",
  "/confirm_notice_email",
  "/app/get_banner_and_notice",
  "/get_notice_by_page",
  "/get_blod_by_id",
  "/notifications/get_list",
  "/notifications/set_read_all",
  "/messages/get_list",
  "/messages/set_read_all",
  "/app/get_unread_state",
];

describe("every main-API call refuses bad input with a status and a reason", () => {
  it("the table walks every call", () => {
    expect(new Set(endpoints().map((e) => e.path))).toEqual(new Set(CALLS));
  });

  for (const endpoint of endpoints()) {
    const name = `${endpoint.method} ${endpoint.path}${endpoint.fields.login_type ? " (by code)" : ""}`;
    const base = (): Fields => (endpoint.session ? { ...endpoint.fields, session: token } : { ...endpoint.fields });

    it(`${name}: missing fields`, async () => {
      for (const field of endpoint.required) {
        const fields = base();
        delete fields[field];
        expectRefused(await send(endpoint, fields), `without ${field}`);
      }
      if (endpoint.session) expectRefused(await send(endpoint, endpoint.fields), "without session", 2);
    });

    it(`${name}: wrong types`, async () => {
      for (const field of Object.keys(endpoint.fields).filter((f) => f !== "login_type")) {
        const value = endpoint.fields[field];
        expectRefused(await send(endpoint, { ...base(), [field]: [value, value] }), `repeated ${field}`);
        if (endpoint.method === "POST") {
          const json = JSON.stringify({ ...base(), [field]: { value } });
          expectRefused(await sendJson(endpoint, json), `JSON object as ${field}`);
        }
      }
      if (endpoint.session) {
        expectRefused(await send(endpoint, { ...endpoint.fields, session: [token, token] }), "repeated session", 2);
        expectRefused(
          await sendJson(endpoint, JSON.stringify({ ...endpoint.fields, session: { token } })),
          "JSON session",
          2,
        );
      }
      if (endpoint.method === "POST") {
        expectRefused(await sendJson(endpoint, "[1,2,3]"), "JSON array body");
        expectRefused(await sendJson(endpoint, '{"phone": '), "malformed JSON body");
      }
    });

    it(`${name}: a 1 MB value`, async () => {
      const field = Object.keys(endpoint.fields)[0] ?? "session";
      const reply = await send(endpoint, { ...base(), [field]: MB });
      expectRefused(reply, "1 MB");
      if (endpoint.method === "POST") expect(reply.http).toBe(413);
    });

    it(`${name}: fields over their maximum length`, async () => {
      for (const [field, max] of Object.entries(endpoint.maxLength)) {
        expectRefused(await send(endpoint, { ...base(), [field]: tooLong(field, max) }), `${field} over ${max}`);
      }
      if (endpoint.session) {
        expectRefused(await send(endpoint, { ...endpoint.fields, session: "A".repeat(300) }), "long session", 2);
      }
    });

    if (endpoint.session) {
      it(`${name}: unknown session`, async () => {
        expectRefused(await send(endpoint, { ...endpoint.fields, session: UNKNOWN_TOKEN }), "unknown token", 2);
        expectRefused(await send(endpoint, { ...endpoint.fields, session: "not a token" }), "garbage token", 2);
      });
    }
  }

  it("the session used above is still alive (no case logged it out or closed the account)", async () => {
    const reply = await t.post("/get_user_info", { session: token });
    expect(reply.body.status).toBe(0);
  });
});

describe("outside the contract", () => {
  it("an unknown path answers JSON 404", async () => {
    for (const path of ["/api/no_such_call", "/api/login/extra", "/nothing-here"]) {
      const reply = await t.request(path, { method: "POST", body: "" });
      expect(reply.http, path).toBe(404);
      expect(reply.body.status, path).not.toBe(0);
      expect(reply.body.reason, path).toMatch(CHINESE);
    }
  });

  it("a GET on a POST call is not served", async () => {
    const reply = await t.request(`/api/login?${encodeFields({ phone: "13800000000", password: "demo1234" })}`);
    expect(reply.http).toBe(404);
    expect(reply.body.status).not.toBe(0);
  });

  it("a malformed JSON body is refused", async () => {
    const reply = await t.request("/api/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(reply.http).toBe(200);
    expect(reply.body).toMatchObject({ status: 1, reason: "请求体格式不正确" });
  });

  it("an unsupported content type is refused", async () => {
    const reply = await t.request("/api/login", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "x",
    });
    expect(reply.body.status).toBe(1);
    expect(reply.body.reason).toMatch(CHINESE);
  });
});
