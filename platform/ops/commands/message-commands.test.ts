/**
 * `messages undelivered` and `message requeue` (decision 058): an operator sees
 * the notices stuck in `sending` or given up as `failed`, recipients masked,
 * and queues one again; a pending, sent or unknown message is refused and
 * nothing changes.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { messageDeliveries, type DeliveryStatus } from "../../db/delivery-schema";
import { opsAudit } from "../../db/wallet-schema";
import { deliverDueMessages } from "../../modules/deliveries/deliver";
import { maskRecipient } from "../../modules/deliveries/operate";
import { runOpsCommand } from "../run";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const run = (command: string, args: Record<string, string>) => runOpsCommand(t.ctx, { command, args, actor: "alice" });

async function message(recipient: string, status: DeliveryStatus, attempts: number) {
  const [row] = await t.db
    .insert(messageDeliveries)
    .values({
      channel: recipient.includes("@") ? "email" : "sms",
      recipient,
      subject: recipient.includes("@") ? "工单有新回复" : "work_order_reply",
      payload: recipient.includes("@") ? { text: "验证码 123456" } : { order: "1" },
      status,
      attempts,
      nextAttemptAt: t.clock.now(),
      lastError: status === "failed" ? "SmsSendError isv.BUSINESS_LIMIT_CONTROL" : null,
    })
    .returning();
  return row!;
}
const rowOf = async (id: number) =>
  (await t.db.select().from(messageDeliveries).where(eq(messageDeliveries.id, id)))[0]!;

describe("messages undelivered", () => {
  it("lists sending and failed messages with masked recipients and no payload, and filters by status", async () => {
    const stuck = await message("13911112222", "sending", 1);
    const given = await message("li@lab.edu.cn", "failed", 5);
    const fine = await message("13933334444", "sent", 1);
    const listed = await run("messages undelivered", {});
    expect(listed.ok).toBe(true);
    if (!listed.ok) return;
    const ids = (listed.outcome.after as { ids: number[] }).ids;
    expect(ids).toEqual(expect.arrayContaining([stuck.id, given.id]));
    expect(ids).not.toContain(fine.id);
    expect(listed.outcome.message).toContain("139****2222");
    expect(listed.outcome.message).toContain("l***@lab.edu.cn");
    expect(listed.outcome.message).not.toContain("13911112222");
    expect(listed.outcome.message).not.toContain("123456");
    const onlyFailed = await run("messages undelivered", { status: "failed" });
    expect(onlyFailed.ok && (onlyFailed.outcome.after as { ids: number[] }).ids).not.toContain(stuck.id);
    expect(await run("messages undelivered", { status: "sent" })).toMatchObject({ ok: false, error: "bad_arguments" });
  });
});

describe("message requeue", () => {
  it("puts a stuck message back with fresh attempts, audited, and the deliverer sends it once", async () => {
    const stuck = await message("13955556666", "sending", 1);
    const done = await run("message requeue", { id: String(stuck.id) });
    expect(done).toMatchObject({ ok: true, outcome: { target: `message_delivery:${stuck.id}` } });
    expect(await rowOf(stuck.id)).toMatchObject({ status: "pending", attempts: 0 });
    const [audit] = await t.db
      .select()
      .from(opsAudit)
      .where(eq(opsAudit.target, `message_delivery:${stuck.id}`));
    expect(audit).toMatchObject({ actor: "alice", before: { status: "sending" }, after: { status: "pending" } });
    await deliverDueMessages(t.ctx, { log: () => {} });
    expect(await rowOf(stuck.id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("gives a failed message five fresh attempts", async () => {
    const given = await message("wang@lab.edu.cn", "failed", 5);
    await run("message requeue", { id: String(given.id) });
    expect(await rowOf(given.id)).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("refuses a pending, sent or unknown message, and a malformed id, changing nothing", async () => {
    const pending = await message("13977778888", "pending", 0);
    const sent = await message("13977779999", "sent", 1);
    for (const row of [pending, sent])
      await expect(run("message requeue", { id: String(row.id) })).rejects.toMatchObject({ key: "BAD_REQUEST" });
    await expect(run("message requeue", { id: "999999999" })).rejects.toMatchObject({ key: "NOT_FOUND" });
    expect(await run("message requeue", { id: "1 or 1=1" })).toMatchObject({ ok: false, error: "bad_arguments" });
    const rows = await t.db
      .select()
      .from(messageDeliveries)
      .where(inArray(messageDeliveries.id, [pending.id, sent.id]));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ["pending", 0],
      ["sent", 1],
    ]);
    const audits = await t.db
      .select()
      .from(opsAudit)
      .where(inArray(opsAudit.target, [`message_delivery:${pending.id}`, `message_delivery:${sent.id}`]));
    expect(audits).toEqual([]);
  });

  it("masks phones and addresses", () => {
    expect(maskRecipient("13800001234")).toBe("138****1234");
    expect(maskRecipient("a@example.com")).toBe("a***@example.com");
    expect(maskRecipient("123")).toBe("****");
  });
});
