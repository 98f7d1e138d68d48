/**
 * Issue 11's bench setup: a work order of the demo account with a thread of 50
 * messages (the body and 49 comments), filed and written through /third-party
 * as any client would, for the latency of `myWorkOrderDetail`.
 */
import { submitWorkOrderPath } from "../app/utils/console-paths";

const REQUEST_TIMEOUT_MS = 15_000;
export const THREAD_MESSAGES = 50;

type Envelope<T> = { code: number; reason: string; data: T };

async function call<T>(origin: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${origin}/third-party/api/v1/work-order${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const reply = (await res.json()) as Envelope<T>;
  if (reply.code !== 0) throw new Error(`${method} ${path}: ${reply.code} ${reply.reason}`);
  return reply.data;
}

type Catalogue = { list: { id: number; questions: { id: number; resource_types: string[] }[] }[] };

/** The first question about the account: its category and question ids. */
async function accountQuestion(origin: string, token: string): Promise<{ categoryId: number; questionId: number }> {
  const { list } = await call<Catalogue>(origin, token, "GET", "/categories");
  const category = list.find((c) => c.questions.some((q) => q.resource_types.includes("account")));
  const question = category?.questions.find((q) => q.resource_types.includes("account"));
  if (!category || !question) throw new Error("no question about the account in the work-order catalogue");
  return { categoryId: category.id, questionId: question.id };
}

/** The work-order form's path for the first question about the account. */
export async function submitPagePath(origin: string, token: string): Promise<string> {
  const { categoryId, questionId } = await accountQuestion(origin, token);
  return submitWorkOrderPath(categoryId, questionId, "account");
}

/** Files the order and writes its thread; answers the order's id. */
export async function workOrderWithThread(
  origin: string,
  token: string,
  account: { userId: number; phone: string },
): Promise<number> {
  const { categoryId, questionId } = await accountQuestion(origin, token);
  const paragraph = "实例运行训练任务时显存占用异常，`nvidia-smi` 显示 **24 GB** 全部占满，重启后仍然如此。";
  const { id } = await call<{ id: number }>(origin, token, "POST", "/orders", {
    category_id: categoryId,
    question_id: questionId,
    resource_type: "account",
    resource_id: String(account.userId),
    title: "压测：五十条消息的工单",
    content: `${paragraph}\n\n1. 第一步\n2. 第二步`,
    contact_phone: account.phone,
  });
  for (let i = 2; i <= THREAD_MESSAGES; i++) {
    await call(origin, token, "POST", "/comments", { order_id: id, content: `第 ${i} 条：${paragraph}` });
  }
  return id;
}
