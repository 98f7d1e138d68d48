import { redirect } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { UpstreamError } from "~/upstream/transport.server";
import { formAction, resourceFormAction, type ActionResult } from "./action.server";
import { takeToast } from "./toast.server";

const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1:3000/console/form", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", host: "127.0.0.1:3000", ...headers },
    body: new URLSearchParams(body).toString(),
  });

/** A page with one intent: save an email for the guard's user. */
function page(run = vi.fn(async (_email: string) => ({ notice: "已保存" }) as { notice: string } | Response)) {
  const guard = vi.fn(async () => ({ token: "t" }));
  const action = (request: Request) =>
    formAction(request, {
      guard,
      fieldAliases: { mainPhone: "phone" },
      intents: (intent) => ({
        save: intent(
          z.object({ email: z.string().email("邮箱格式不正确"), password: z.string().optional() }),
          async ({ email }, { guard: g }) => {
            expect(g).toEqual({ token: "t" });
            return run(email);
          },
        ),
      }),
    });
  return { action, run, guard };
}

/** The ActionResult and status of a non-redirect answer. */
function read(answer: unknown): { status: number; result: ActionResult } {
  const { data, init } = answer as { data: ActionResult; init: { status?: number } | null };
  return { status: init?.status ?? 200, result: data };
}

describe("formAction", () => {
  it("runs the intent's step with the parsed input and answers its notice", async () => {
    const { action, run } = page();
    const { status, result } = read(await action(post({ intent: "save", email: "a@b.cn", password: "secret" })));
    expect(run).toHaveBeenCalledWith("a@b.cn");
    expect(status).toBe(200);
    expect(result).toMatchObject({ ok: true, intent: "save", notice: "已保存", fieldErrors: {}, formError: null });
    // What was typed comes back, never the password.
    expect(result.values).toEqual({ email: "a@b.cn" });
  });

  it("returns the step's redirect as it is", async () => {
    const { action } = page(vi.fn(async () => redirect("/done")));
    const res = (await action(post({ intent: "save", email: "a@b.cn" }))) as Response;
    expect(res.headers.get("location")).toBe("/done");
  });

  it("refuses a post from another site before the guard or the step runs", async () => {
    const { action, run, guard } = page();
    await expect(
      action(post({ intent: "save", email: "a@b.cn" }, { origin: "https://evil.example" })),
    ).rejects.toSatisfy((r: unknown) => r instanceof Response && r.status === 403);
    expect(guard).not.toHaveBeenCalled();
    expect(run).not.toHaveBeenCalled();
  });

  it("refuses a body above the limit before reading it", async () => {
    const { action, run } = page();
    const big = post({ intent: "save", email: "a@b.cn" }, { "content-length": String(64 * 1024 + 1) });
    await expect(action(big)).rejects.toSatisfy((r: unknown) => r instanceof Response && r.status === 413);
    expect(run).not.toHaveBeenCalled();
  });

  it("stops a chunked body over 64 KB as it arrives: the page without JavaScript, a form error with it", async () => {
    const { action, run, guard } = page();
    const body = () => {
      let sent = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 10 * 1024 * 1024) return controller.close();
          sent += 8192;
          controller.enqueue(new TextEncoder().encode(sent === 8192 ? "intent=save&email=" : "a".repeat(8192)));
        },
      });
    };
    const chunked = (headers: Record<string, string>) =>
      new Request("http://127.0.0.1:3000/console/form", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", host: "127.0.0.1:3000", ...headers },
        body: body(),
        duplex: "half",
      } as RequestInit);
    await expect(action(chunked({ "sec-fetch-mode": "navigate" }))).rejects.toSatisfy(
      (r: unknown) => r instanceof Response && r.status === 413,
    );
    const { status, result } = read(await action(chunked({ "sec-fetch-mode": "cors" })));
    expect(status).toBe(413);
    expect(result.formError).toBe("提交的内容过大（上限 64 KB），请精简后重试");
    expect(run).not.toHaveBeenCalled();
    expect(guard).not.toHaveBeenCalled();
  });

  it("answers 415 for JSON and text/plain, and 400 for a line break in redirectTo", async () => {
    const { action, run } = page();
    for (const type of ["application/json", "text/plain"]) {
      const request = new Request("http://127.0.0.1:3000/console/form", {
        method: "POST",
        headers: { "content-type": type, host: "127.0.0.1:3000", "sec-fetch-mode": "cors" },
        body: '{"intent":"save"}',
      });
      expect(read(await action(request)).status).toBe(415);
    }
    await expect(
      action(post({ intent: "save", email: "a@b.cn", redirectTo: "/console\r\nSet-Cookie: a=b" })),
    ).rejects.toSatisfy((r: unknown) => r instanceof Response && r.status === 400);
    expect(run).not.toHaveBeenCalled();
  });

  it("answers 400 beside the field for bad input, and a form error for an unknown intent", async () => {
    const { action, run } = page();
    const bad = read(await action(post({ intent: "save", email: "nope" })));
    expect(bad.status).toBe(400);
    expect(bad.result.fieldErrors).toEqual({ email: "邮箱格式不正确" });
    expect(bad.result.values.email).toBe("nope");
    const unknown = read(await action(post({ intent: "toString", email: "a@b.cn" })));
    expect([unknown.status, unknown.result.formError]).toEqual([400, "请求有误，请刷新页面后重试"]);
    expect(run).not.toHaveBeenCalled();
  });

  it("shows a platform refusal beside its field (aliased) or above the form", async () => {
    const field = page(
      vi.fn(async () => {
        throw new UpstreamError("PHONE_INVALID", 200, 1, "请输入正确的11位手机号", "mainPhone");
      }),
    );
    const byField = read(await field.action(post({ intent: "save", email: "a@b.cn" })));
    expect([byField.status, byField.result.fieldErrors]).toEqual([400, { phone: "请输入正确的11位手机号" }]);
    const form = page(
      vi.fn(async () => {
        throw new UpstreamError("LOGIN_FAILED", 200, 1, "手机号或密码错误", null);
      }),
    );
    expect(read(await form.action(post({ intent: "save", email: "a@b.cn" }))).result.formError).toBe(
      "手机号或密码错误",
    );
  });

  it("turns a fault into the 服务繁忙 page and a dead session into the login redirect", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const fault = page(
      vi.fn(async () => {
        throw new UpstreamError("INTERNAL", 500, 1, "服务繁忙，请稍后再试", null);
      }),
    );
    await expect(fault.action(post({ intent: "save", email: "a@b.cn" }))).rejects.toSatisfy(
      (r: unknown) => r instanceof Response && r.status === 500,
    );
    const dead = page(
      vi.fn(async () => {
        throw new UpstreamError("SESSION_INVALID", 200, 2, "登录已失效", null);
      }),
    );
    await expect(dead.action(post({ intent: "save", email: "a@b.cn" }))).rejects.toSatisfy(
      (r: unknown) => r instanceof Response && r.headers.get("location") === "/login?redirectTo=%2Fconsole%2Fform",
    );
  });

  it("keeps a long field named in keepFields on an error, and drops other long ones", async () => {
    const long = "长".repeat(500);
    const action = (request: Request) =>
      formAction(request, {
        guard: async () => null,
        keepFields: ["body"],
        intents: (intent) => ({
          save: intent(z.object({ title: z.string().min(1, "请输入标题") }), async () => ({ notice: "ok" })),
        }),
      });
    const { status, result } = read(await action(post({ intent: "save", title: "", body: long, other: long })));
    expect(status).toBe(400);
    expect(result.fieldErrors).toEqual({ title: "请输入标题" });
    expect(result.values).toEqual({ title: "", body: long });
  });

  it("reads the body with the page's own reader when it has one", async () => {
    const reader = vi.fn(async () => {
      const form = new FormData();
      form.set("intent", "save");
      form.set("email", "read@b.cn");
      return form;
    });
    const run = vi.fn(async (_email: string) => ({ notice: "已保存" }));
    const action = (request: Request) =>
      formAction(request, {
        guard: async () => ({ token: "t" }),
        read: reader,
        intents: (intent) => ({
          save: intent(z.object({ email: z.string().email() }), async ({ email }) => run(email)),
        }),
      });
    const { status } = read(await action(post({ intent: "save", email: "posted@b.cn" })));
    expect(status).toBe(200);
    expect(reader).toHaveBeenCalledOnce();
    expect(run).toHaveBeenCalledWith("read@b.cn");
  });
});

describe("resourceFormAction", () => {
  const markRead = vi.fn(async () => redirect("/console/messages"));
  const action = (request: Request) =>
    resourceFormAction(
      request,
      { guard: async () => "t", intents: (intent) => ({ "read-all": intent(z.object({}), markRead) }) },
      "/console/messages?tab=notifications",
    );

  /** The toast a redirect carries, read back the way the next page reads it. */
  async function toastOf(response: Response) {
    const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
    return (await takeToast(new Request("http://127.0.0.1:3000/", { headers: { cookie } }))).toast;
  }

  it("sends a refusal back to the page with the reason as an error toast, not a JSON body", async () => {
    const response = await action(post({ intent: "nonsense" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/console/messages?tab=notifications");
    expect(await toastOf(response)).toMatchObject({ type: "error", message: "请求有误，请刷新页面后重试" });
    expect(markRead).not.toHaveBeenCalled();
  });

  it("passes the step's own answer through", async () => {
    const response = await action(post({ intent: "read-all" }));
    expect(response.headers.get("location")).toBe("/console/messages");
    expect(markRead).toHaveBeenCalledOnce();
  });
});
