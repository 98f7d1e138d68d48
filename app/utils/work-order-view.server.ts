import type { ThreadAttachment, ThreadEntry } from "~/components/work-orders/WorkOrderThread";
import {
  WORK_ORDER_STATUS_LABELS,
  type WorkOrderCaller,
  type WorkOrderDetailWire,
  type WorkOrderEventWire,
  type WorkOrderFileWire,
} from "~/upstream/work-orders.server";
import type { UserInfo } from "~/upstream/accounts.server";
import { requestClientAddress } from "./client-address.server";
import { renderMarkdown } from "./markdown.server";

/** Who calls the work-order API for this request: the session token and the browser's address. */
export function workOrderCaller(request: Request, token: string): WorkOrderCaller {
  return { token, clientAddress: requestClientAddress(request) };
}

/**
 * Whose markdown drafts these are, for the editor's local-storage keys: the
 * user id, and a sub-account's name besides (sub-accounts share their main
 * account's id), so two people on one browser never see each other's drafts.
 */
export function draftOwner(user: Pick<UserInfo, "UserId" | "SubAccount">): string {
  return user.SubAccount ? `${user.UserId}.${encodeURIComponent(user.SubAccount.Name)}` : String(user.UserId);
}

/** A path parameter that must be a positive whole number; anything else is a page that does not exist. */
export function idParam(value: string | undefined, notFound: string): number {
  const id = Number(value);
  if (!/^\d{1,15}$/.test(value ?? "") || !Number.isSafeInteger(id) || id < 1)
    throw new Response(notFound, { status: 404 });
  return id;
}

const INLINE_IMAGE_TYPES = new Set(["image/gif", "image/png", "image/jpeg", "image/webp"]);

function attachmentOf(file: WorkOrderFileWire): ThreadAttachment {
  return { id: file.id, name: file.name, url: file.url, inline: INLINE_IMAGE_TYPES.has(file.mime) };
}

function whoOf(event: Pick<WorkOrderEventWire, "author">): string {
  return event.author.name || (event.author.kind === "user" ? "用户" : "客服");
}

function entryOf(event: WorkOrderEventWire): ThreadEntry {
  const base = {
    id: `event-${event.id}`,
    who: whoOf(event),
    fromStaff: event.author.kind === "staff",
    at: event.created_at,
  };
  switch (event.kind) {
    case "comment":
      return { ...base, kind: "message", html: renderMarkdown(event.content), text: "", attachments: [] };
    case "attachment":
      return {
        ...base,
        kind: "message",
        html: "",
        text: "",
        attachments: event.file ? [attachmentOf(event.file)] : [],
      };
    case "state_change": {
      const to = event.to_status ? WORK_ORDER_STATUS_LABELS[event.to_status] : "";
      const reason = event.content ? `：${event.content}` : "";
      const text = event.from_status === null ? "提交了工单" : `将工单状态改为「${to}」${reason}`;
      return { ...base, kind: "event", html: "", text, attachments: [] };
    }
  }
}

/**
 * The thread as the detail page shows it, oldest first: the order's own
 * description (with the files attached to it and not shown by a later
 * event), then each event. A file attached with a message (the platform
 * writes its attachment event in the same step, at the same instant, by the
 * same side) is shown under that message, not as a message of its own.
 * Markdown is rendered and sanitised here, on the server, so the thread reads
 * without JavaScript.
 */
export function threadOf(order: WorkOrderDetailWire, ownerName: string): ThreadEntry[] {
  const shownByEvents = new Set(order.events.flatMap((e) => (e.kind === "attachment" && e.file ? [e.file.id] : [])));
  const opening: ThreadEntry = {
    id: "opening",
    kind: "message",
    who: order.sub_account_name ?? ownerName,
    fromStaff: false,
    at: order.created_at,
    html: renderMarkdown(order.content),
    text: "",
    attachments: order.attachments.filter((f) => !shownByEvents.has(f.id)).map(attachmentOf),
  };
  const sameStep = (side: "user" | "staff", at: string) => `${side} ${Date.parse(at)}`;
  const messages = new Map<string, ThreadEntry>([[sameStep("user", order.created_at), opening]]);
  const thread = [opening];
  for (const event of order.events) {
    const step = sameStep(event.author.kind, event.created_at);
    const message = messages.get(step);
    if (event.kind === "attachment" && event.file && message) {
      message.attachments.push(attachmentOf(event.file));
      continue;
    }
    const entry = entryOf(event);
    if (event.kind === "comment") messages.set(step, entry);
    thread.push(entry);
  }
  return thread;
}
