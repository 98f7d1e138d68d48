/**
 * The open API (issue 38 §4, decisions 109–110): keys managed by the main account, requests signed as documented,
 * each tampered or refused request answered with its documented error, the key's calls scoped to its account.
 */
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hourly,
  mainAccount,
  opKey,
  rentalFields,
  subAccount,
  testOffer,
  type TestAccount,
} from "../../tests/support/instances";
import { signedRequest, type OpenApiKeyPair, type SignedRequestInput } from "../../tests/support/open-api-signing";
import { MINUTE, startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { messages } from "../db/schema";
import { OPEN_API_CALLS } from "./open-api/calls";
import { advanceTransitions } from "../modules/instances/transitions";

let t: TestPlatform;
let owner: TestAccount;
let stranger: TestAccount;
const ownerUuids: string[] = [];
let strangerUuid = "";
const logLines: string[] = [];
const secrets: string[] = [];

async function rent(account: TestAccount) {
  const offer = await testOffer(t, { hosts: [8] });
  const reply = await t.post("/instance/create_instance", {
    session: account.token,
    ...rentalFields(hourly(offer)),
    operation_key: opKey(),
  } as never);
  expect(reply.body).toMatchObject({ status: 0 });
  return (reply.body.data.Instance as { InstanceUuid: string }).InstanceUuid;
}

interface KeyOptions {
  name?: string;
  scopes?: string[];
  allowed_addresses?: string;
  expires_on?: string;
}

async function createKey(account: TestAccount, options: KeyOptions = {}) {
  const reply = await t.post("/open_api/create_key", {
    session: account.token,
    name: options.name ?? "脚本",
    scopes: (options.scopes ?? ["instances:read", "instances:write", "finance:read"]).join(","),
    allowed_addresses: options.allowed_addresses,
    expires_on: options.expires_on,
  });
  return reply;
}

async function newKey(account: TestAccount, options: KeyOptions = {}): Promise<OpenApiKeyPair & { id: number }> {
  const reply = await createKey(account, options);
  expect(reply.body).toMatchObject({ status: 0 });
  const { key, secret } = reply.body.data as { key: { id: number; access_key_id: string }; secret: string };
  secrets.push(secret);
  return { id: key.id, keyId: key.access_key_id, secret };
}

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

/** Sends a signed request; `tamper` changes what is sent after signing. */
async function call(
  key: OpenApiKeyPair,
  input: SignedRequestInput,
  tamper: (r: ReturnType<typeof signedRequest>) => void = () => {},
  address?: string,
) {
  const request = signedRequest(key, { timestamp: nowSeconds(), ...input });
  tamper(request);
  const headers = { ...request.headers, ...(address ? { "x-client-address": address } : {}) };
  const response = await t.platform.fetch(
    new Request(`http://x${request.url}`, { method: request.method, headers, body: request.body }),
  );
  return { http: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
}

/** The rows of a raw query: PGlite and node-postgres both answer `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const list = { call: "/instance/get_instance_list", body: { page: "1", page_size: "10" } };

beforeAll(async () => {
  t = await startTestPlatform({ log: (line) => logLines.push(line) });
  owner = await mainAccount(t, { cashFen: 1_000_00 });
  stranger = await mainAccount(t, { cashFen: 1_000_00 });
  ownerUuids.push(await rent(owner));
  strangerUuid = await rent(stranger);
  t.clock.advance(5_000);
  await advanceTransitions(t.ctx);
});

afterAll(async () => {
  await t?.close();
});

describe("signed requests", () => {
  let key: OpenApiKeyPair & { id: number };
  beforeAll(async () => {
    key = await newKey(owner);
  });

  it("answers a correctly signed request with the console's own reply, scoped to the key's account", async () => {
    const reply = await call(key, list);
    expect(reply.http).toBe(200);
    expect(reply.body.status).toBe(0);
    const uuids = (reply.body.data.list as { InstanceUuid: string }[]).map((i) => i.InstanceUuid);
    expect(uuids).toEqual(ownerUuids);
    expect(uuids).not.toContain(strangerUuid);
  });

  it("signs the query too, sorted, and takes a request with one", async () => {
    const reply = await call(key, {
      ...list,
      query: [
        ["z", "2"],
        ["a", "x y"],
      ],
    });
    expect(reply.body.status).toBe(0);
  });

  it("never lets a key see another account's instance", async () => {
    const reply = await call(key, { call: "/instance/get_instance_detail", body: { instance_uuid: strangerUuid } });
    expect(reply.http).toBe(404);
    expect(reply.body).toMatchObject({ status: 1, key: "INSTANCE_NOT_FOUND" });
    const own = await call(key, { call: "/instance/get_instance_detail", body: { instance_uuid: ownerUuids[0]! } });
    expect(own.body.status).toBe(0);
  });

  const tampered: [string, SignedRequestInput, (r: ReturnType<typeof signedRequest>) => void][] = [
    [
      "the method",
      { ...list, method: "GET", query: [["page", "1"]] },
      (r) => {
        r.method = "POST";
        r.body = "";
      },
    ],
    ["the path", list, (r) => (r.url = r.url.replace("get_instance_list", "get_instance_detail"))],
    ["the body", list, (r) => (r.body = "page=2&page_size=10")],
    ["the query", { ...list, query: [["a", "1"]] }, (r) => (r.url = r.url.replace("a=1", "a=2"))],
    ["the timestamp", list, (r) => (r.headers["x-timestamp"] = String(Number(r.headers["x-timestamp"]) + 1))],
    ["the nonce", list, (r) => (r.headers["x-nonce"] = `${r.headers["x-nonce"]}0`)],
    ["the signature", list, (r) => (r.headers["x-signature"] = "0".repeat(64))],
  ];
  it.each(tampered)(
    "refuses a request whose %s changed after signing: OPEN_API_SIGNATURE_INVALID",
    async (_, input, tamper) => {
      const reply = await call(key, input, tamper);
      expect(reply.http).toBe(401);
      expect(reply.body).toMatchObject({ status: 1, key: "OPEN_API_SIGNATURE_INVALID", reason: "签名不正确" });
    },
  );

  it("refuses a request without the signature headers, or with a key id nobody holds", async () => {
    const missing = await call(key, list, (r) => delete r.headers["x-signature"]);
    expect(missing).toMatchObject({ http: 401, body: { key: "OPEN_API_HEADERS_MISSING" } });
    const unknown = await call({ keyId: `ak${"1".repeat(24)}`, secret: key.secret }, list);
    expect(unknown).toMatchObject({ http: 401, body: { key: "OPEN_API_KEY_UNKNOWN" } });
  });

  it("takes a timestamp up to 5 minutes off either way, and refuses one further off", async () => {
    expect((await call(key, { ...list, timestamp: nowSeconds() - 299 })).body.status).toBe(0);
    expect((await call(key, { ...list, timestamp: nowSeconds() + 299 })).body.status).toBe(0);
    const old = await call(key, { ...list, timestamp: nowSeconds() - 301 });
    expect(old).toMatchObject({ http: 401, body: { key: "OPEN_API_TIMESTAMP_SKEWED" } });
    const ahead = await call(key, { ...list, timestamp: nowSeconds() + 301 });
    expect(ahead).toMatchObject({ http: 401, body: { key: "OPEN_API_TIMESTAMP_SKEWED" } });
  });

  it("refuses a replayed nonce, also when both copies arrive at once", async () => {
    const first = await call(key, { ...list, nonce: "replayed-nonce-1" });
    expect(first.body.status).toBe(0);
    const again = await call(key, { ...list, nonce: "replayed-nonce-1" });
    expect(again).toMatchObject({ http: 401, body: { key: "OPEN_API_NONCE_REUSED" } });
    const racing = await Promise.all(Array.from({ length: 5 }, () => call(key, { ...list, nonce: "racing-nonce-01" })));
    expect(racing.filter((r) => r.body.status === 0)).toHaveLength(1);
    expect(racing.filter((r) => r.body.key === "OPEN_API_NONCE_REUSED")).toHaveLength(4);
  });

  it("records the key's last use: time and address", async () => {
    await call(key, list, undefined, "203.0.113.9");
    const listed = await t.post("/open_api/get_key_list", { session: owner.token });
    const mine = (listed.body.data.keys as { id: number; last_used_at: string; last_used_ip: string }[]).find(
      (k) => k.id === key.id,
    );
    expect(mine).toMatchObject({ last_used_ip: "203.0.113.9", last_used_at: t.clock.now().toISOString() });
  });
});

describe("what a key may do", () => {
  it("refuses a call outside the key's scopes, and takes the ones inside", async () => {
    const reader = await newKey(owner, { scopes: ["instances:read"] });
    expect((await call(reader, list)).body.status).toBe(0);
    const stop = await call(reader, { call: "/instance/stop_instance", body: { instance_uuid: ownerUuids[0]! } });
    expect(stop).toMatchObject({
      http: 403,
      body: { key: "OPEN_API_SCOPE_DENIED", data: { scope: "instances:write" } },
    });
    const orders = await call(reader, { call: "/get_order", body: {} });
    expect(orders).toMatchObject({ http: 403, body: { key: "OPEN_API_SCOPE_DENIED" } });
    const market = await call(reader, { call: "/store/get_docker_gpu_selector", body: {} });
    expect(market.body.status).toBe(0);
    await t.post("/open_api/delete_key", { session: owner.token, id: reader.id });
  });

  it("answers finance reads for the key's own account", async () => {
    const key = await newKey(owner, { scopes: ["finance:read"] });
    const ledger = await call(key, { call: "/get_wallet_balance_change_list", body: {} });
    expect(ledger.body.status).toBe(0);
    expect(ledger.body.data.total).toBeGreaterThan(0);
    await t.post("/open_api/delete_key", { session: owner.token, id: key.id });
  });

  it("answers an unknown call under the prefix as not found, before any signature check", async () => {
    const key = await newKey(owner);
    const reply = await call(key, { call: "/instance/create_instance", body: {} });
    expect(reply).toMatchObject({ http: 404, body: { status: 1, key: "NOT_FOUND" } });
    await t.post("/open_api/delete_key", { session: owner.token, id: key.id });
  });

  it("refuses an address outside the allow-list (and an unknown address), and takes one inside", async () => {
    const key = await newKey(owner, { allowed_addresses: "198.51.100.0/24\n2001:db8::/32" });
    expect((await call(key, list, undefined, "198.51.100.7")).body.status).toBe(0);
    expect((await call(key, list, undefined, "2001:db8::5")).body.status).toBe(0);
    const outside = await call(key, list, undefined, "198.51.101.7");
    expect(outside).toMatchObject({ http: 403, body: { key: "OPEN_API_ADDRESS_DENIED" } });
    const unknown = await call(key, list);
    expect(unknown).toMatchObject({ http: 403, body: { key: "OPEN_API_ADDRESS_DENIED" } });
    await t.post("/open_api/delete_key", { session: owner.token, id: key.id });
  });

  it("limits each key to 60 requests a minute, with Retry-After", async () => {
    const key = await newKey(owner);
    // At the start of a minute, so the fixed window does not turn over mid-test.
    t.clock.advance(MINUTE - (t.clock.now().getTime() % MINUTE));
    for (let i = 0; i < 60; i++) expect((await call(key, list)).body.status).toBe(0);
    t.clock.advance(15_000);
    const limited = await call(key, list);
    expect(limited).toMatchObject({ http: 429, retryAfter: "45", body: { key: "OPEN_API_RATE_LIMITED" } });
    t.clock.advance(45_000);
    expect((await call(key, list)).body.status).toBe(0);
    await t.post("/open_api/delete_key", { session: owner.token, id: key.id });
  });

  it("refuses a revoked key at once, and an expired one", async () => {
    const key = await newKey(owner);
    expect((await call(key, list)).body.status).toBe(0);
    expect((await t.post("/open_api/delete_key", { session: owner.token, id: key.id })).body.status).toBe(0);
    expect(await call(key, list)).toMatchObject({ http: 401, body: { key: "OPEN_API_KEY_REVOKED" } });

    const tomorrow = new Date(t.clock.now().getTime() + 8 * 3_600_000 + 24 * 3_600_000).toISOString().slice(0, 10);
    const expiring = await newKey(owner, { expires_on: tomorrow });
    expect((await call(expiring, list)).body.status).toBe(0);
    t.clock.advance(3 * 24 * 3_600_000);
    expect(await call(expiring, list)).toMatchObject({ http: 401, body: { key: "OPEN_API_KEY_EXPIRED" } });
  });
});

describe("managing keys", () => {
  it("lets a main account hold 5 live keys and refuses a 6th", async () => {
    const account = await mainAccount(t);
    for (let i = 0; i < 5; i++) await newKey(account, { name: `密钥${i + 1}` });
    const sixth = await createKey(account);
    expect(sixth.body).toMatchObject({ status: 1, key: "OPEN_API_KEY_LIMIT" });
    const listed = await t.post("/open_api/get_key_list", { session: account.token });
    expect(listed.body.data).toMatchObject({ max_keys: 5 });
    expect(listed.body.data.keys).toHaveLength(5);
  });

  it("makes at most 5 when many creations race", async () => {
    const account = await mainAccount(t);
    const replies = await Promise.all(Array.from({ length: 8 }, () => createKey(account)));
    expect(replies.filter((r) => r.body.status === 0)).toHaveLength(5);
    expect(replies.filter((r) => r.body.key === "OPEN_API_KEY_LIMIT")).toHaveLength(3);
    for (const r of replies) if (r.body.status === 0) secrets.push(r.body.data.secret);
  });

  it("refuses bad input by field, in Chinese, and creates nothing", async () => {
    const account = await mainAccount(t);
    const noScope = await createKey(account, { scopes: [] });
    expect(noScope.body).toMatchObject({ status: 1, data: { field: "scopes" } });
    const badScope = await createKey(account, { scopes: ["root"] });
    expect(badScope.body).toMatchObject({ status: 1, reason: "请至少选择一项权限", data: { field: "scopes" } });
    const badAddress = await createKey(account, { allowed_addresses: "10.0.0.1, 999.1.1.1" });
    expect(badAddress.body).toMatchObject({ status: 1, data: { field: "allowed_addresses" } });
    expect(badAddress.body.reason).toContain("999.1.1.1");
    const past = await createKey(account, { expires_on: "2020-01-01" });
    expect(past.body).toMatchObject({ status: 1, data: { field: "expires_at" } });
    const badDate = await createKey(account, { expires_on: "2030-02-30" });
    expect(badDate.body).toMatchObject({ status: 1, reason: "过期日期格式不正确", data: { field: "expires_on" } });
    const noName = await createKey(account, { name: " " });
    expect(noName.body).toMatchObject({ status: 1, data: { field: "name" } });
    const listed = await t.post("/open_api/get_key_list", { session: account.token });
    expect(listed.body.data.keys).toEqual([]);
  });

  it("refuses a sub-account (keys act as the main account)", async () => {
    const sub = await subAccount(t, owner, 100_00);
    const reply = await t.post("/open_api/create_key", { session: sub.token, name: "子", scopes: "instances:read" });
    expect(reply.body).toMatchObject({ status: 1, key: "PERMISSION_DENIED" });
    const listed = await t.post("/open_api/get_key_list", { session: sub.token });
    expect(listed.body).toMatchObject({ status: 1, key: "PERMISSION_DENIED" });
  });

  it("IDOR: another account's key id is not found for revoke, and the key keeps working", async () => {
    const key = await newKey(owner);
    const reply = await t.post("/open_api/delete_key", { session: stranger.token, id: key.id });
    expect(reply.body).toMatchObject({ status: 1, key: "OPEN_API_KEY_NOT_FOUND" });
    const theirs = await t.post("/open_api/get_key_list", { session: stranger.token });
    expect(theirs.body.data.keys).toEqual([]);
    expect((await call(key, list)).body.status).toBe(0);
  });

  it("sends a site message on create and on revoke", async () => {
    const account = await mainAccount(t);
    const key = await newKey(account, { name: "站内信测试" });
    await t.post("/open_api/delete_key", { session: account.token, id: key.id });
    const rows = await t.db
      .select({ message: messages.message })
      .from(messages)
      .where(eq(messages.userId, account.userId))
      .orderBy(asc(messages.id));
    expect(rows.map((r) => r.message).join("\n")).toMatch(
      /创建了访问密钥“站内信测试”[\s\S]*删除了访问密钥“站内信测试”/,
    );
  });
});

describe("the secret at rest (decision 109)", () => {
  it("appears in no table row and no log line: only sealed, bound to its key", async () => {
    expect(secrets.length).toBeGreaterThan(5);
    const tables = await t.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const names = rowsOf<{ table_name: string }>(tables);
    expect(names.map((n) => n.table_name)).toContain("open_api_keys");
    for (const { table_name } of names) {
      const dump = await t.db.execute(
        sql`select coalesce(string_agg(x::text, ''), '') as d from ${sql.identifier(table_name)} x`,
      );
      const text = rowsOf<{ d: string }>(dump)[0]!.d;
      for (const secret of secrets) expect(text.includes(secret), `${table_name} holds a secret`).toBe(false);
    }
    const logs = logLines.join("\n");
    for (const secret of secrets) expect(logs.includes(secret)).toBe(false);
  });
});

describe("the OpenAPI document (/api/openapi.json)", () => {
  it("is OpenAPI 3.1 with every open call, its body made from the handler's zod schema, and the refusals", async () => {
    const reply = await t.request("/api/openapi.json");
    expect(reply.http).toBe(200);
    const doc = reply.body as {
      openapi: string;
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: any }> }; responses: any } }>;
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(Object.keys(OPEN_API_CALLS).map((call) => `/api/open/v1${call}`));
    const release = doc.paths["/api/open/v1/instance/release_instance"]!.post;
    const body = release.requestBody.content["application/x-www-form-urlencoded"]!.schema;
    expect(body).toMatchObject({
      type: "object",
      required: ["instance_uuid", "confirm_name"],
      properties: { instance_uuid: { type: "string", minLength: 1, maxLength: 32 }, confirm_name: { maxLength: 64 } },
    });
    const list =
      doc.paths["/api/open/v1/instance/get_instance_list"]!.post.requestBody.content[
        "application/x-www-form-urlencoded"
      ]!.schema;
    expect(list.properties.page).toMatchObject({ default: "1" });
    expect(list.properties.state.anyOf[0].enum).toContain("running");
    expect(release.responses["429"].headers["Retry-After"]).toBeDefined();
    expect(release.responses["401"].description).toContain("OPEN_API_NONCE_REUSED");
    expect(release.responses["403"].description).toContain("OPEN_API_SCOPE_DENIED");
  });
});
