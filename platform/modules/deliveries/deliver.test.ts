/**
 * The delivery outbox's deliverer (decision 058): a refused message is retried
 * after a growing wait and given up after MAX_DELIVERY_ATTEMPTS; a message is
 * handed to a provider at most once, also with two deliverers at work (on
 * PostgreSQL each on its own connection pool). Runs on PGlite and PostgreSQL.
 */
import { createHash } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { openDatabase, type Database } from "../../db/client";
import { messageDeliveries } from "../../db/delivery-schema";
import { inTransaction } from "../../db/tx";
import { readEmailOutbox } from "../../providers/email/outbox";
import { EmailSendError } from "../../providers/email/types";
import { SmsSendError, type SmsNotice, type SmsProvider } from "../../providers/sms/types";
import type { Ctx } from "../context";
import { deliverDueMessages, MAX_DELIVERY_ATTEMPTS, RETRY_BASE_MS, retryDelayMs } from "./deliver";
import { emailDelivery, queueDeliveries, smsDelivery } from "./queue";
import { deliveriesSettled } from "./soon";

let t: TestPlatform;
let other: Database | null = null;
const quiet = { log: () => {} };

beforeAll(async () => {
  t = await startTestPlatform();
  if (t.databaseUrl) other = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: "" });
});
afterAll(async () => {
  await other?.close();
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(messageDeliveries);
});

/** An SMS gateway that records what reached it and answers as `answer` says (resolve, or throw). */
function recordingSms(answer: (notice: SmsNotice, call: number) => Promise<void> = async () => {}) {
  const received: string[] = [];
  const provider: SmsProvider = {
    sendCode: async () => {},
    sendNotice: async (notice) => {
      received.push(notice.phone);
      await answer(notice, received.length);
    },
  };
  return { provider, received };
}

async function withSms<T>(provider: SmsProvider, fn: () => Promise<T>): Promise<T> {
  const before = t.ctx.providers.sms;
  t.ctx.providers.sms = provider;
  try {
    return await fn();
  } finally {
    t.ctx.providers.sms = before;
  }
}

/** Queues SMS notices to these phones outside a transaction, without the after-commit kick running them. */
async function queueSms(phones: string[]) {
  const now = t.clock.now();
  await t.db
    .insert(messageDeliveries)
    .values(phones.map((phone) => smsDelivery({ phone, template: "work_order_reply", params: { order: "1" } }, now)));
}

const rowsOf = (phones: string[]) =>
  t.db.select().from(messageDeliveries).where(inArray(messageDeliveries.recipient, phones));

describe("retries", () => {
  it("a refused message waits 30 s, then 60 s, and is sent on the third attempt", async () => {
    const { provider, received } = recordingSms(async (_n, call) => {
      if (call < 3) throw new SmsSendError("isv.BUSINESS_LIMIT_CONTROL", "limited");
    });
    await queueSms(["13900000001"]);
    await withSms(provider, async () => {
      expect(await deliverDueMessages(t.ctx, quiet)).toEqual({ sent: 0, retrying: 1, failed: 0 });
      let [row] = await rowsOf(["13900000001"]);
      expect(row).toMatchObject({
        status: "pending",
        attempts: 1,
        lastError: "SmsSendError isv.BUSINESS_LIMIT_CONTROL",
      });
      expect(row!.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(RETRY_BASE_MS);
      t.clock.advance(RETRY_BASE_MS - 1);
      expect(await deliverDueMessages(t.ctx, quiet)).toEqual({ sent: 0, retrying: 0, failed: 0 });
      t.clock.advance(1);
      expect(await deliverDueMessages(t.ctx, quiet)).toEqual({ sent: 0, retrying: 1, failed: 0 });
      [row] = await rowsOf(["13900000001"]);
      expect(row!.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(2 * RETRY_BASE_MS);
      t.clock.advance(2 * RETRY_BASE_MS);
      expect(await deliverDueMessages(t.ctx, quiet)).toEqual({ sent: 1, retrying: 0, failed: 0 });
      [row] = await rowsOf(["13900000001"]);
      expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null, sentAt: t.clock.now() });
    });
    expect(received).toEqual(["13900000001", "13900000001", "13900000001"]);
  });

  it(`failed after ${MAX_DELIVERY_ATTEMPTS} attempts, then never tried again`, async () => {
    const { provider, received } = recordingSms(async () => {
      throw new Error("gateway unreachable");
    });
    await queueSms(["13900000002"]);
    await withSms(provider, async () => {
      for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
        const run = await deliverDueMessages(t.ctx, quiet);
        expect(run).toEqual(
          attempt < MAX_DELIVERY_ATTEMPTS ? { sent: 0, retrying: 1, failed: 0 } : { sent: 0, retrying: 0, failed: 1 },
        );
        t.clock.advance(retryDelayMs(attempt));
      }
      t.clock.advance(24 * 60 * 60_000);
      expect(await deliverDueMessages(t.ctx, quiet)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    });
    expect(received).toHaveLength(MAX_DELIVERY_ATTEMPTS);
    const [row] = await rowsOf(["13900000002"]);
    expect(row).toMatchObject({
      status: "failed",
      attempts: MAX_DELIVERY_ATTEMPTS,
      lastError: "Error: gateway unreachable",
    });
  });

  it("the stored reason never keeps a URL's credentials", async () => {
    const email = t.ctx.providers.email;
    t.ctx.providers.email = {
      send: async () => {
        throw new EmailSendError("connect smtps://mailer:s3cret@smtp.example.cn:465 refused");
      },
    };
    try {
      await t.db
        .insert(messageDeliveries)
        .values(emailDelivery({ to: "x@lab.cn", subject: "s", text: "t" }, t.clock.now()));
      await deliverDueMessages(t.ctx, quiet);
    } finally {
      t.ctx.providers.email = email;
    }
    const [row] = await t.db.select().from(messageDeliveries).where(eq(messageDeliveries.recipient, "x@lab.cn"));
    expect(row!.lastError).toBe("EmailSendError: connect smtps://***@smtp.example.cn:465 refused");
  });
});

describe("an email's attachment", () => {
  it("is read from storage when the email is sent, and the outbox keeps its name, size and SHA-256", async () => {
    const content = new TextEncoder().encode("%PDF-1.4 发票");
    const storageKey = `tests/deliveries/${Date.now()}`;
    await t.ctx.providers.storage.put(storageKey, content, "application/pdf");
    const to = `attach-${Date.now()}@lab.cn`;
    await t.db.insert(messageDeliveries).values(
      emailDelivery(
        {
          to,
          subject: "【发票已开具】",
          text: "见附件",
          attachment: { filename: "发票-1.pdf", contentType: "application/pdf", storageKey },
        },
        t.clock.now(),
      ),
    );
    expect(await deliverDueMessages(t.ctx, quiet)).toMatchObject({ sent: 1, retrying: 0 });
    const [mail] = await readEmailOutbox(t.db, to);
    expect(mail!.attachments).toEqual([
      {
        filename: "发票-1.pdf",
        contentType: "application/pdf",
        bytes: content.byteLength,
        sha256: createHash("sha256").update(content).digest("hex"),
      },
    ]);
  });

  it("gone from storage: nothing is sent, and the email waits for a retry", async () => {
    const to = `attach-gone-${Date.now()}@lab.cn`;
    await t.db.insert(messageDeliveries).values(
      emailDelivery(
        {
          to,
          subject: "s",
          text: "t",
          attachment: { filename: "a.pdf", contentType: "application/pdf", storageKey: "tests/deliveries/missing" },
        },
        t.clock.now(),
      ),
    );
    expect(await deliverDueMessages(t.ctx, quiet)).toMatchObject({ sent: 0, retrying: 1 });
    expect(await readEmailOutbox(t.db, to)).toEqual([]);
    const [row] = await t.db.select().from(messageDeliveries).where(eq(messageDeliveries.recipient, to));
    expect(row).toMatchObject({
      status: "pending",
      lastError: "Error: the attachment tests/deliveries/missing is not in storage",
    });
  });
});

describe("at most once", () => {
  it("a message marked sending is never handed over again, even by a second deliverer while the first waits", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const { provider, received } = recordingSms(() => held);
    await queueSms(["13900000003"]);
    await withSms(provider, async () => {
      const first = deliverDueMessages(t.ctx, quiet);
      for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(received).toEqual(["13900000003"]);
      const [row] = await rowsOf(["13900000003"]);
      expect(row).toMatchObject({ status: "sending", attempts: 1 });
      t.clock.advance(24 * 60 * 60_000);
      expect(await deliverDueMessages(t.ctx, quiet)).toEqual({ sent: 0, retrying: 0, failed: 0 });
      release();
      expect(await first).toEqual({ sent: 1, retrying: 0, failed: 0 });
    });
    expect(received).toEqual(["13900000003"]);
  });

  it("two deliverers at once (two connection pools on PostgreSQL) send each of 40 messages exactly once", async () => {
    const phones = Array.from({ length: 40 }, (_, i) => `1390001${String(i).padStart(4, "0")}`);
    await queueSms(phones);
    const { provider, received } = recordingSms(() => new Promise((r) => setTimeout(r, 2)));
    const second: Ctx = { ...t.ctx, db: other?.db ?? t.db };
    await withSms(provider, async () => {
      const runs = await Promise.all([
        deliverDueMessages(t.ctx, { ...quiet, batch: 5 }),
        deliverDueMessages(second, { ...quiet, batch: 5 }),
      ]);
      expect(runs[0]!.sent + runs[1]!.sent).toBe(40);
    });
    expect([...received].sort()).toEqual(phones);
    expect((await rowsOf(phones)).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });
});

describe("queued in a transaction", () => {
  it("delivered right after the commit, not before; not at all when the transaction rolls back", async () => {
    const { provider, received } = recordingSms();
    await withSms(provider, async () => {
      await inTransaction(t.db, async (tx) => {
        const now = t.clock.now();
        await queueDeliveries({ ...t.ctx, db: tx }, [
          smsDelivery({ phone: "13900000004", template: "work_order_reply", params: { order: "4" } }, now),
        ]);
        expect(received).toEqual([]);
      });
      await deliveriesSettled(t.db);
      expect(received).toEqual(["13900000004"]);
      await expect(
        inTransaction(t.db, async (tx) => {
          await queueDeliveries({ ...t.ctx, db: tx }, [
            smsDelivery({ phone: "13900000005", template: "work_order_reply", params: { order: "5" } }, t.clock.now()),
          ]);
          throw new Error("refused");
        }),
      ).rejects.toThrow("refused");
      await deliveriesSettled(t.db);
      await deliverDueMessages(t.ctx, quiet);
    });
    expect(received).toEqual(["13900000004"]);
    expect(await rowsOf(["13900000005"])).toEqual([]);
  });
});
