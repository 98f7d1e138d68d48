/**
 * Issue 33 §1: a user subscribed to reply notices by SMS and by email; staff
 * replied at the desk; the reply never returned and every later request hung
 * (the desk's transaction held PGlite's one connection while the sandbox
 * outbox waited for it). Now the reply returns, the platform keeps answering,
 * and the SMS and email reach the sandbox outboxes after the commit (decision
 * 058). Runs on PGlite and on PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type Reply, type TestPlatform } from "../../../tests/support/platform";
import { addStaff, staffLogin, staffPost } from "../../../tests/support/staff";
import { fileOrder, workOrderClient } from "../../../tests/support/work-orders";
import { users } from "../../db/schema";
import { deliveriesSettled } from "../../modules/deliveries/soon";

let t: TestPlatform;
let staffToken: string;
beforeAll(async () => {
  t = await startTestPlatform();
  staffToken = await staffLogin(t, await addStaff(t, "agent", "客服小周"));
});
afterAll(() => t.close());

/** The request's answer, or a failure after `ms` instead of a hang. */
async function within(ms: number, what: string, request: Promise<Reply>): Promise<Reply> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([request, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe("a desk reply to an order subscribed by SMS and email", () => {
  it("returns, the platform keeps answering, and the SMS and email arrive in the sandbox outboxes", async () => {
    const user = await t.registerUser();
    const email = `owner${user.userId}@lab.cn`;
    await t.db
      .update(users)
      .set({ noticeEmail: email, noticeEmailConfirmedAt: t.clock.now() })
      .where(eq(users.id, user.userId));
    const client = workOrderClient(t, user.token);
    const orderId = await fileOrder(t, client, user.userId, { title: "显卡驱动问题" });
    expect((await client.post("/notifications", { order_id: orderId, channel: "sms" })).http).toBe(200);
    expect((await client.post("/notifications", { order_id: orderId, channel: "email" })).http).toBe(200);

    const reply = await within(
      5_000,
      "desk reply",
      staffPost(t, "/work-orders/reply", staffToken, { id: orderId, content: "您好，驱动已更新。" }),
    );
    expect(reply.body).toMatchObject({ status: 0, data: { id: orderId, status: "processing" } });

    // The platform still answers: a page's call, another desk call, and readiness.
    const info = await within(3_000, "get_user_info", t.post("/get_user_info", { session: user.token }));
    expect(info.body.status).toBe(0);
    const detail = await within(3_000, "desk detail", staffPost(t, "/work-orders/detail", staffToken, { id: orderId }));
    expect(detail.body.status).toBe(0);
    expect((await within(3_000, "readyz", t.request("/readyz"))).http).toBe(200);

    await deliveriesSettled(t.db);
    const sms = (await t.request(`/sandbox/sms.json?phone=${user.phone}`)).body as { purpose: string; code: string }[];
    expect(sms.filter((m) => m.purpose === "work_order_reply")).toEqual([
      expect.objectContaining({ code: `order=${orderId}` }),
    ]);
    const mail = (await t.request(`/sandbox/email.json?to=${encodeURIComponent(email)}`)).body as {
      subject: string;
      body: string;
    }[];
    expect(mail).toEqual([expect.objectContaining({ subject: "【工单回复】显卡驱动问题" })]);
    expect(mail[0]!.body).toContain(`#${orderId}`);
  });
});
