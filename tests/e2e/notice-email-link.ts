import { expect, type APIRequestContext } from "@playwright/test";

/** The path and query of the newest notice-email confirmation link sent to `address` (sandbox outbox). */
export async function noticeEmailLink(request: APIRequestContext, address: string): Promise<string> {
  const reply = await request.get(`/sandbox/email.json?to=${encodeURIComponent(address)}`);
  const [newest] = (await reply.json()) as { body: string }[];
  const link = /https?:\/\/\S+(\/confirmNoticeEmail\?token=[A-Za-z0-9_-]{43})$/m.exec(newest?.body ?? "");
  expect(link, `a confirmation link in the newest email to ${address}`).not.toBeNull();
  return link![1]!;
}
