import { redirect } from "@remix-run/node";
import { z } from "zod";
import { sessionSecret } from "~/env.server";
import { siteCookie } from "./site-cookie.server";

/** A one-shot message shown after a redirect, kept in a cookie so it shows without JavaScript. */
export const ToastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("success"),
  message: z.string().max(200),
  /** "bar" toasts come from the top bar and close after 1500 ms; others after 5000 ms. */
  place: z.enum(["bar", "page"]).default("page"),
});

export type Toast = z.infer<typeof ToastSchema>;

const toastCookie = siteCookie("gc_toast", {
  secrets: [sessionSecret],
  maxAge: 60,
});

export function toastHeader(toast: z.input<typeof ToastSchema>): Promise<string> {
  return toastCookie.serialize(ToastSchema.parse(toast));
}

/** Reads and clears the pending toast. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const raw: unknown = await toastCookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined || raw === "") return { toast: null, setCookie: null };
  const parsed = ToastSchema.safeParse(raw);
  return {
    toast: parsed.success ? parsed.data : null,
    setCookie: await toastCookie.serialize("", { maxAge: 0, expires: new Date(0) }),
  };
}

export async function redirectWithToast(url: string, toast: z.input<typeof ToastSchema>, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}
