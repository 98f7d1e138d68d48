/**
 * Test helpers for the platform: a platform on in-memory PGlite, or on
 * PostgreSQL when DATABASE_URL is set (scripts/with-postgres.sh), with a clock
 * the test moves by hand, and small clients for its HTTP contract.
 *
 * On PostgreSQL each test file gets its own database on the one server
 * (postgres-database.ts); tests still create their own accounts with
 * uniquePhone() and never assume the database is empty.
 */
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { postToLedger, type Movement } from "../../platform/modules/wallet/ledger";
import { createPlatform, type Platform } from "../../platform/index";
import { users } from "../../platform/db/schema";
import { resolveSession } from "../../platform/modules/accounts/sessions";
import type { Caller } from "../../platform/modules/context";
import { createFileDatabase } from "./postgres-database";
import { runTemplates } from "./run-templates";
import { OutboxEmailProvider } from "../../platform/providers/email/outbox";
import { OutboxSmsProvider, type OutboxEntry } from "../../platform/providers/sms/outbox";
import type { SmsPurpose } from "../../platform/providers/sms/types";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The main API's reply: status 0 is success, 2 a dead session, anything else a failure with a reason. */
export interface ApiReply<T = any> {
  status: number;
  reason: string;
  /** The error catalogue's key, on a refusal. */
  key?: string;
  data: T;
}

export interface Reply<T = any> {
  http: number;
  body: T;
}

/** Form fields; an array repeats the key. */
export type Fields = Record<string, string | number | boolean | readonly string[] | undefined>;

export interface TestClock {
  now(): Date;
  advance(ms: number): Date;
}

export function createClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
      return new Date(current);
    },
  };
}

const usedPhones = new Set<string>();

/**
 * A valid mainland mobile number (/^1[3-9]\d{9}$/) that no other test uses: "19"
 * and nine random digits, never the demo account's 13800000000.
 */
export function uniquePhone(): string {
  for (;;) {
    const phone = `19${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;
    if (!usedPhones.has(phone)) {
      usedPhones.add(phone);
      return phone;
    }
  }
}

/** A random private IPv4 address, so per-address limits of different tests never meet. */
export function uniqueIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export interface WalletTarget {
  cashFen?: number;
  voucherFen?: number;
  creditFen?: number;
  accumulatedFen?: number;
}

/** The operator key of test platforms (/ops, decision 035). */
export const TEST_OPS_KEY = "test-operator-key-0123456789abcdef0123";

export interface RegisteredUser {
  phone: string;
  password: string;
  token: string;
  userId: number;
}

export interface TestPlatform {
  platform: Platform;
  ctx: Platform["ctx"];
  db: Platform["ctx"]["db"];
  kind: "pglite" | "postgres";
  /** The test's own PostgreSQL database (null on PGlite), for a test that needs a second connection pool to it. */
  databaseUrl: string | null;
  clock: TestClock;
  /** Any request, path relative to the platform root ("/api/login", "/healthz"). */
  request(path: string, init?: RequestInit): Promise<Reply>;
  /** Form-urlencoded POST to /api{path}. */
  post<T = any>(path: string, fields?: Fields, headers?: Record<string, string>): Promise<Reply<ApiReply<T>>>;
  /** GET /api{path} with a query string. */
  get<T = any>(path: string, query?: Fields): Promise<Reply<ApiReply<T>>>;
  /** The sandbox SMS outbox for one phone, newest first. */
  readSms(phone: string): Promise<OutboxEntry[]>;
  /**
   * Asks for a code and returns it as the sandbox SMS delivered it, passing the
   * CAPTCHA when it is asked. Throws when the platform refuses.
   */
  sendCode(phone: string, purpose?: SmsPurpose, headers?: Record<string, string>): Promise<string>;
  /** A new CAPTCHA challenge answered by its image code (read from the sandbox), as form fields. */
  captchaByCode(): Promise<{ captcha_id: string; captcha_code: string }>;
  /** A new CAPTCHA challenge answered by solving its proof of work, as a browser would. */
  captchaByWork(): Promise<{ captcha_id: string; captcha_pow: string }>;
  /** A fresh personal account: send code, read the SMS, register. Returns its first session. */
  registerUser(options?: { phone?: string; password?: string; fields?: Fields }): Promise<RegisteredUser>;
  /** Logs in by password and returns the new token. */
  login(phone: string, password: string): Promise<string>;
  userByPhone(phone: string): Promise<typeof users.$inferSelect | undefined>;
  /**
   * Brings an account's wallets to these balances through the ledger (adjustment entries), as an
   * operator could: tests never write balances on the account row, so the row always equals its entries.
   * `accumulatedFen` (cumulative top-up) is reached with a top-up entry, then cash adjusted to `cashFen`.
   */
  setWallets(userId: number, target: WalletTarget): Promise<void>;
  /** The signed-in caller behind a session, as a module operation takes it. */
  callerOf(user: { token: string }): Promise<Caller>;
  /**
   * The accounts whose balances differ from the sum of their ledger entries, and the user ids of entries whose
   * account does not exist; `close()` fails when there are any.
   */
  unbalancedAccounts(): Promise<number[]>;
  /** Runs an operator command through /ops/run, as `npm run ops` does; the JSON reply. */
  ops(command: string, args?: Record<string, string>, actor?: string): Promise<Reply>;
  close(): Promise<void>;
}

/** Solves a proof-of-work challenge (the `pow` of /auth/get_captcha) and returns the `captcha_pow` field. */
export async function solvePow(pow: string): Promise<string> {
  const challenge = JSON.parse(pow) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("proof of work not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

export function encodeFields(fields: Fields = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, v);
    else params.append(key, String(value));
  }
  return params.toString();
}

async function readReply(response: Response): Promise<Reply> {
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get("content-type") ?? "").includes("application/json")) body = JSON.parse(text);
  return { http: response.status, body };
}

/**
 * Starts a platform for a test file: PostgreSQL when DATABASE_URL is set,
 * in-memory PGlite otherwise; demo data seeded; the clock starts now and moves
 * only when the test advances it.
 */
/** `log`: where the platform's log lines (and the sandbox SMS and email outboxes') go; dropped unless given. */
export async function startTestPlatform(
  options: { start?: Date; log?: (line: string) => void } = {},
): Promise<TestPlatform> {
  const log = options.log ?? (() => {});
  const clock = createClock(options.start);
  const templates = await runTemplates();
  const fileDatabase = process.env.DATABASE_URL
    ? await createFileDatabase(process.env.DATABASE_URL, templates.postgres)
    : null;
  const platform = await createPlatform({
    config: {
      production: false,
      dataDir: "memory://",
      databaseUrl: fileDatabase?.url,
      sandbox: true,
      sms: { provider: "sandbox" },
      email: { provider: "sandbox" },
      payments: {
        publicUrl: "http://127.0.0.1:3000",
        transfer: { accountName: "测试算力科技有限公司", bank: "测试银行", accountNo: "6222 1111 2222 3333" },
        sandboxSecret: "test-sandbox-payment-secret-0123456789",
        wechat: { provider: "sandbox" },
        alipay: { provider: "sandbox" },
      },
      identity: { provider: "sandbox" },
      seedDemo: true,
      trustProxy: null,
      opsKey: TEST_OPS_KEY,
    },
    now: clock.now,
    jobs: false,
    log,
    memoryImage: templates.pglite ?? undefined,
  });
  // Same sandbox outbox, without a log line per code.
  platform.ctx.providers.sms = new OutboxSmsProvider(platform.ctx.db, log);
  platform.ctx.providers.email = new OutboxEmailProvider(platform.ctx.db, log);
  // Requests carry no client address unless a test sends one (x-client-address, as the web tier does).
  const request = async (path: string, init: RequestInit = {}): Promise<Reply> =>
    readReply(await platform.fetch(new Request(`http://x${path}`, init)));

  const post = (path: string, fields?: Fields, headers: Record<string, string> = {}) =>
    request(`/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: encodeFields(fields),
    });

  const get = (path: string, query?: Fields) => {
    const qs = encodeFields(query);
    return request(`/api${path}${qs ? `?${qs}` : ""}`);
  };

  const readSms = async (phone: string): Promise<OutboxEntry[]> => {
    const reply = await request(`/sandbox/sms.json?phone=${encodeURIComponent(phone)}`);
    if (reply.http !== 200) throw new Error(`sandbox outbox answered HTTP ${reply.http}`);
    return reply.body as OutboxEntry[];
  };

  const captchaByCode = async () => {
    const challenge = await post("/auth/get_captcha");
    const id = challenge.body.data.captcha_id as string;
    const answer = await request(`/sandbox/captcha.json?id=${encodeURIComponent(id)}`);
    return { captcha_id: id, captcha_code: (answer.body as { code: string }).code };
  };

  const captchaByWork = async () => {
    const challenge = await post("/auth/get_captcha");
    const { captcha_id, pow } = challenge.body.data as { captcha_id: string; pow: string };
    return { captcha_id, captcha_pow: await solvePow(pow) };
  };

  const sendCode = async (phone: string, purpose: SmsPurpose = "register", headers: Record<string, string> = {}) => {
    let sent = await post("/auth/send_verify_code", { phone, purpose }, headers);
    if (sent.body.key === "CAPTCHA_REQUIRED")
      sent = await post("/auth/send_verify_code", { phone, purpose, ...(await captchaByCode()) }, headers);
    if (sent.body.status !== 0) throw new Error(`send_verify_code refused: ${sent.body.reason}`);
    const [latest] = await readSms(phone);
    if (!latest || latest.purpose !== purpose) throw new Error(`no ${purpose} SMS for ${phone}`);
    return latest.code;
  };

  const userByPhone = async (phone: string) => {
    const rows = await platform.ctx.db.select().from(users).where(eq(users.phone, phone));
    return rows.find((u) => u.closedAt === null) ?? rows[0];
  };

  const registerUser = async (opts: { phone?: string; password?: string; fields?: Fields } = {}) => {
    const phone = opts.phone ?? uniquePhone();
    const password = opts.password ?? "Passw0rd123";
    const code = await sendCode(phone, "register");
    const reply = await post("/register", { phone, code, password, agree: "1", ...opts.fields });
    if (reply.body.status !== 0) throw new Error(`register refused: ${reply.body.reason}`);
    const user = await userByPhone(phone);
    if (!user) throw new Error("registered user not found");
    return { phone, password, token: reply.body.data.token as string, userId: user.id };
  };

  const login = async (phone: string, password: string) => {
    const reply = await post("/login", { phone, password });
    if (reply.body.status !== 0) throw new Error(`login refused: ${reply.body.reason}`);
    return reply.body.data.token as string;
  };

  let adjustments = 0;
  const setWallets = async (userId: number, target: WalletTarget) => {
    const [now] = await platform.ctx.db.select().from(users).where(eq(users.id, userId));
    if (!now) throw new Error(`no account ${userId}`);
    const movements: Movement[] = [];
    const credit = (target.creditFen ?? now.creditQuotaFen) - now.creditQuotaFen;
    if (credit !== 0) movements.push({ wallet: "credit", kind: "credit", amountFen: credit });
    const topUp = (target.accumulatedFen ?? now.accumulatedTopUpFen) - now.accumulatedTopUpFen;
    if (topUp < 0) throw new Error("the cumulative top-up never goes down");
    if (topUp > 0) movements.push({ wallet: "cash", kind: "top_up", amountFen: topUp });
    const cash = (target.cashFen ?? now.moneyFen) - now.moneyFen - topUp;
    if (cash !== 0) movements.push({ wallet: "cash", kind: "adjustment", amountFen: cash });
    const voucher = (target.voucherFen ?? now.powerMoneyFen) - now.powerMoneyFen;
    if (voucher !== 0) movements.push({ wallet: "voucher", kind: "voucher", amountFen: voucher });
    if (movements.length === 0) return;
    // A raised quota first, a lowered one last, so cash never passes below −quota in between.
    if (credit < 0) movements.push(movements.shift()!);
    await postToLedger(platform.ctx, {
      userId,
      operationKey: `test:set-wallets:${++adjustments}:${Date.now()}`,
      refersTo: "test",
      movements,
    });
  };

  const unbalancedAccounts = async () => {
    const rows = await platform.ctx.db.execute(sql`
      -- A full join: an entry of an account that does not exist (no foreign key, decision 049) shows up too.
      select coalesce(u.id, l.user_id) as id from users u
      full join (
        select user_id,
          sum(case when wallet = 'cash' then amount_fen else 0 end) as cash,
          sum(case when wallet = 'voucher' then amount_fen else 0 end) as voucher,
          sum(case when wallet = 'credit' then amount_fen else 0 end) as credit
        from ledger_entries group by user_id
      ) l on l.user_id = u.id
      where u.id is null
         or u.money_fen <> coalesce(l.cash, 0)
         or u.power_money_fen <> coalesce(l.voucher, 0)
         or u.credit_quota_fen <> coalesce(l.credit, 0)`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: { id: number }[] }).rows) as { id: number }[];
    return list.map((r) => Number(r.id));
  };

  const ops = (command: string, args: Record<string, string> = {}, actor = "test-operator") =>
    request("/ops/run", {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_OPS_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ command, args, actor }),
    });

  return {
    platform,
    ctx: platform.ctx,
    db: platform.ctx.db,
    kind: platform.database.kind,
    clock,
    request,
    post: post as TestPlatform["post"],
    get: get as TestPlatform["get"],
    readSms,
    sendCode,
    captchaByCode,
    captchaByWork,
    registerUser,
    login,
    userByPhone,
    setWallets,
    callerOf: (user) => resolveSession(platform.ctx, { origin: { ip: "test" } }, { token: user.token }),
    unbalancedAccounts,
    ops,
    databaseUrl: fileDatabase?.url ?? null,
    close: async () => {
      // Issue 10 §6: after every test file, each account's balances equal the sum of its ledger entries.
      const unbalanced = await unbalancedAccounts();
      await platform.close();
      await fileDatabase?.drop();
      if (unbalanced.length > 0)
        throw new Error(`accounts whose balances differ from their ledger entries: ${unbalanced.join(", ")}`);
    },
  };
}
