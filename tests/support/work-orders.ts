/** Helpers for the work-order tests (issue 11): /third-party calls with a token, uploads and orders made quickly. */
import { randomUUID } from "node:crypto";
import { arrayContains, asc } from "drizzle-orm";
import { workOrderFiles, workOrderQuestions } from "../../platform/db/work-order-schema";
import type { Reply, TestPlatform } from "./platform";

export const WO = "/third-party/api/v1/work-order";

/** /third-party calls as one account (Bearer token); bodies are JSON unless `raw` is given. */
export function workOrderClient(t: TestPlatform, token: string) {
  const headers = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });
  const query = (q?: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q ?? {})) if (v !== undefined) params.set(k, String(v));
    const s = params.toString();
    return s ? `?${s}` : "";
  };
  const send = (method: string, path: string, body?: unknown, raw?: { body: string; type?: string }): Promise<Reply> =>
    t.request(`${WO}${path}`, {
      method,
      headers: headers(
        raw
          ? raw.type === undefined
            ? {}
            : { "content-type": raw.type }
          : body === undefined
            ? {}
            : { "content-type": "application/json" },
      ),
      body: raw ? raw.body || undefined : body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    get: (path: string, q?: Record<string, string | number | undefined>) => send("GET", `${path}${query(q)}`),
    post: (path: string, body?: unknown) => send("POST", path, body),
    put: (path: string, body?: unknown) => send("PUT", path, body),
    del: (path: string) => send("DELETE", path),
    raw: (method: string, path: string, body: string, type?: string) => send(method, path, undefined, { body, type }),
  };
}

export type WorkOrderClient = ReturnType<typeof workOrderClient>;

/** An upload row as the upload call (helper B) leaves it: unattached, owned by its uploader. */
export async function insertUpload(
  t: TestPlatform,
  uploader: { userId: number; subAccountId?: number | null } | { staffId: number },
  name = "screenshot.png",
): Promise<number> {
  const [row] = await t.db
    .insert(workOrderFiles)
    .values({
      ...("staffId" in uploader
        ? { uploaderStaffId: uploader.staffId }
        : { uploaderUserId: uploader.userId, uploaderSubAccountId: uploader.subAccountId ?? null }),
      storageKey: `test/${randomUUID()}`,
      mime: "image/png",
      byteSize: 2048,
      originalName: name,
      width: 640,
      height: 480,
    })
    .returning({ id: workOrderFiles.id });
  return row!.id;
}

/** The first seeded question that applies to a resource type. */
export async function questionFor(t: TestPlatform, type: "account" | "instance" | "order") {
  const [q] = await t.db
    .select()
    .from(workOrderQuestions)
    .where(arrayContains(workOrderQuestions.resourceTypes, [type]))
    .orderBy(asc(workOrderQuestions.id))
    .limit(1);
  if (!q) throw new Error(`no seeded question for ${type}`);
  return q;
}

/** A valid create body about the caller's own account. */
export async function accountOrderBody(t: TestPlatform, userId: number, extra: Record<string, unknown> = {}) {
  const q = await questionFor(t, "account");
  return {
    category_id: q.categoryId,
    question_id: q.id,
    resource_type: "account",
    resource_id: String(userId),
    title: "充值后余额没有变化",
    content: "今天充值 **100 元**，余额没有增加。\n\n请帮忙查一下。",
    contact_phone: "13912345678",
    ...extra,
  };
}

/** Files an order through the call and returns its id. */
export async function fileOrder(t: TestPlatform, client: WorkOrderClient, userId: number, extra = {}) {
  const reply = await client.post("/orders", await accountOrderBody(t, userId, extra));
  if (reply.body.code !== 0) throw new Error(`create refused: ${JSON.stringify(reply.body)}`);
  return reply.body.data.id as number;
}
