/**
 * The web tier's work-order upstream (app/upstream/work-orders.server.ts)
 * against a real platform over HTTP: each typed function reaches its
 * /third-party call with the token in the Authorization header and a JSON
 * body, and refusals arrive as UpstreamError with the kind a page acts on
 * (a dead token → session, another's order → not-found, a bad field → refused
 * beside its field).
 */
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHttpApp } from "../../platform/http/app";
import { staffReply } from "../../platform/modules/work-orders/staff-reply";
import { startTestPlatform, type RegisteredUser, type TestPlatform } from "../support/platform";
import { accountOrderBody, insertUpload } from "../support/work-orders";

type Upstream = typeof import("~/upstream/work-orders.server");
type Transport = typeof import("~/upstream/transport.server");

let t: TestPlatform;
let server: ServerType;
let up: Upstream;
let UpstreamError: Transport["UpstreamError"];
let user: RegisteredUser;

beforeAll(async () => {
  t = await startTestPlatform();
  const app = createHttpApp(t.ctx, { sandbox: true, addressing: { role: "standalone", trustProxy: null } });
  server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  vi.stubEnv("PLATFORM_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  up = await import("~/upstream/work-orders.server");
  ({ UpstreamError } = await import("~/upstream/transport.server"));
  user = await t.registerUser();
}, 60_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  if (server) await new Promise((resolve) => server.close(resolve));
  if (t) await t.close();
});

async function refusal(pending: Promise<unknown>) {
  const error = await pending.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as InstanceType<Transport["UpstreamError"]>;
}

describe("work-order upstream functions", () => {
  it("walk a whole order: file, list, read, comment, attach, subscribe, the unread flag, revoke", async () => {
    const caller = { token: user.token };
    const categories = await up.getWorkOrderCategories(caller);
    expect(categories.list.length).toBeGreaterThan(0);
    const question = categories.list[1]!.questions[0]!;
    const docs = await up.getWorkOrderDocuments(caller, { question_id: question.id });
    expect(docs.list.length).toBeGreaterThan(0);

    const body = await accountOrderBody(t, user.userId);
    const created = await up.createWorkOrder(caller, body as Parameters<Upstream["createWorkOrder"]>[1]);
    expect(created.status).toBe("new");
    const page = await up.listWorkOrders(caller, { status: "open" });
    expect(page.list.map((o) => o.id)).toContain(created.id);

    await staffReply(t.ctx, { staffId: 9 }, { orderId: created.id, body: "您好" });
    expect(await up.getWorkOrderUnreadFlag(caller)).toEqual({ unread: true });
    const detail = await up.getWorkOrder(caller, created.id);
    expect(detail.events.at(-1)).toMatchObject({ kind: "comment", author: { kind: "staff", name: "客服" } });
    expect(await up.getWorkOrderUnreadFlag(caller)).toEqual({ unread: false });

    const commented = await up.addWorkOrderComment(caller, { order_id: created.id, content: "多谢" });
    expect(commented.id).toBe(created.id);
    const file = await insertUpload(t, { userId: user.userId });
    const attached = await up.attachWorkOrderFiles(caller, { order_id: created.id, file_ids: [file] });
    expect(attached.attachments.map((a) => a.id)).toEqual([file]);
    expect(await up.detachWorkOrderFile(caller, file)).toEqual({ id: file });
    const sub = await up.subscribeWorkOrder(caller, { order_id: created.id, channel: "sms" });
    expect(sub.channel).toBe("sms");
    expect(await up.unsubscribeWorkOrder(caller, sub.id)).toEqual({ id: sub.id });
    expect((await up.revokeWorkOrder(caller, created.id, "已解决")).status).toBe("revoked");
    expect(up.WORK_ORDER_STATUS_LABELS.revoked).toBe("已撤销");
  });

  it("refusals: a dead token is a session error, another's order not-found, a bad field refused beside it", async () => {
    const dead = await refusal(up.listWorkOrders({ token: "no-such-token" }));
    expect(dead).toMatchObject({ kind: "session", key: "SESSION_INVALID", status: 2, httpStatus: 401 });
    expect((await refusal(up.getWorkOrderCategories({ token: null }))).kind).toBe("session");

    const other = await t.registerUser();
    const theirs = await up.createWorkOrder(
      { token: other.token },
      (await accountOrderBody(t, other.userId)) as Parameters<Upstream["createWorkOrder"]>[1],
    );
    const hidden = await refusal(up.getWorkOrder({ token: user.token }, theirs.id));
    expect(hidden).toMatchObject({ kind: "not-found", key: "WORK_ORDER_NOT_FOUND", httpStatus: 404 });

    const bad = await refusal(
      up.createWorkOrder(
        { token: user.token },
        {
          ...((await accountOrderBody(t, user.userId)) as Parameters<Upstream["createWorkOrder"]>[1]),
          title: "",
        },
      ),
    );
    expect(bad).toMatchObject({ kind: "refused", key: "BAD_REQUEST", field: "title", reason: "请填写工单标题" });
  });
});
