import { describe, expect, it } from "vitest";
import type { WorkOrderDetailWire, WorkOrderFileWire } from "~/upstream/work-orders.server";
import { idParam, threadOf } from "./work-order-view.server";

const file = (id: number, mime: string): WorkOrderFileWire => ({
  id,
  name: `f${id}`,
  mime,
  size: 10,
  width: null,
  height: null,
  url: `/work-order-files/${id}`,
  created_at: "2026-11-23T10:00:00.000Z",
});

const order: WorkOrderDetailWire = {
  id: 5,
  title: "t",
  status: "processing",
  status_label: "处理中",
  category_id: 1,
  category_name: "c",
  question_id: 2,
  question_name: "q",
  resource_type: "account",
  resource_id: "1",
  sub_account_name: null,
  unread: false,
  created_at: "2026-11-23T10:00:00.000Z",
  updated_at: "2026-11-23T10:00:00.000Z",
  last_reply_at: null,
  content: "**hi** <script>alert(1)</script>",
  contact_phone: "13800000000",
  attachments: [file(1, "image/png"), file(2, "application/pdf")],
  events: [
    {
      id: 10,
      kind: "state_change",
      author: { kind: "user", name: "demo" },
      content: "",
      from_status: null,
      to_status: "new",
      file: null,
      created_at: "2026-11-23T10:00:00.000Z",
    },
    {
      id: 11,
      kind: "state_change",
      author: { kind: "staff", name: "客服 1" },
      content: "",
      from_status: "new",
      to_status: "processing",
      file: null,
      created_at: "2026-11-23T10:01:00.000Z",
    },
    {
      id: 12,
      kind: "attachment",
      author: { kind: "user", name: "demo" },
      content: "",
      from_status: null,
      to_status: null,
      file: file(2, "application/pdf"),
      created_at: "2026-11-23T10:02:00.000Z",
    },
    {
      id: 13,
      kind: "comment",
      author: { kind: "staff", name: "客服 1" },
      content: "[x](javascript:alert(1)) _ok_",
      from_status: null,
      to_status: null,
      file: null,
      created_at: "2026-11-23T10:03:00.000Z",
    },
  ],
  subscriptions: [],
  can_comment: true,
  can_revoke: true,
};

describe("threadOf", () => {
  it("opens with the description, then each event, markdown rendered and sanitised on the server", () => {
    const thread = threadOf(order, "demo");
    expect(thread.map((e) => [e.kind, e.who, e.text])).toEqual([
      ["message", "demo", ""],
      ["event", "demo", "提交了工单"],
      ["event", "客服 1", "将工单状态改为「处理中」"],
      ["message", "demo", ""],
      ["message", "客服 1", ""],
    ]);
    expect(thread[0]!.html).toContain("<strong>hi</strong>");
    expect(thread[0]!.html).not.toContain("<script");
    expect(thread[4]!.html).toContain("<em>ok</em>");
    expect(thread[4]!.html).not.toContain("javascript:");
    expect(thread[4]!.fromStaff).toBe(true);
  });

  it("shows a raster image inline and other files as links, each file once", () => {
    const thread = threadOf(order, "demo");
    expect(thread[0]!.attachments).toEqual([{ id: 1, name: "f1", url: "/work-order-files/1", inline: true }]);
    expect(thread[3]!.attachments).toEqual([{ id: 2, name: "f2", url: "/work-order-files/2", inline: false }]);
  });
});

describe("threadOf: files attached with a message", () => {
  const at = "2026-11-23T11:00:00.000Z";
  const event = (
    id: number,
    kind: "comment" | "attachment",
    side: "user" | "staff",
    when: string,
    fileId?: number,
  ) => ({
    id,
    kind,
    author: { kind: side, name: side === "user" ? "demo" : "客服 1" },
    content: kind === "comment" ? `回复 ${id}` : "",
    from_status: null,
    to_status: null,
    file: fileId ? file(fileId, "image/png") : null,
    created_at: when,
  });

  it("shows files attached at submit under the description, and a reply's files under the reply", () => {
    const thread = threadOf(
      {
        ...order,
        attachments: [file(1, "image/png"), file(3, "image/png"), file(4, "image/png")],
        events: [
          { ...order.events[0]!, created_at: order.created_at },
          event(20, "attachment", "user", order.created_at, 3),
          event(21, "comment", "user", at),
          event(22, "attachment", "user", at, 4),
        ],
      },
      "demo",
    );
    expect(thread.map((e) => [e.kind, e.attachments.map((a) => a.id)])).toEqual([
      ["message", [1, 3]],
      ["event", []],
      ["message", [4]],
    ]);
  });

  it("keeps a file of another instant, or of the other side, as its own entry", () => {
    const thread = threadOf(
      {
        ...order,
        attachments: [file(5, "image/png"), file(6, "image/png")],
        events: [
          event(21, "comment", "staff", at),
          event(22, "attachment", "user", at, 5),
          event(23, "attachment", "staff", "2026-11-23T11:05:00.000Z", 6),
        ],
      },
      "demo",
    );
    expect(thread.map((e) => [e.who, e.attachments.map((a) => a.id)])).toEqual([
      ["demo", []],
      ["客服 1", []],
      ["demo", [5]],
      ["客服 1", [6]],
    ]);
  });
});

describe("idParam", () => {
  it("takes a positive whole number and answers 404 for anything else", () => {
    expect(idParam("42", "x")).toBe(42);
    for (const bad of [undefined, "", "0", "-1", "1.5", "abc", "1e3", "9".repeat(16)]) {
      expect(() => idParam(bad, "不存在")).toThrow(expect.objectContaining({ status: 404 }) as unknown as Error);
    }
  });
});
