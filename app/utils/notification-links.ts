import { START_LINK_PATTERN } from "../../platform/rules/gpu-notice";

/** A notification's text cut into plain text and the site paths in it that are shown as links. */
export type NotificationPart = { text: string } | { path: string };

/**
 * Cuts a notification's text at the start links the platform writes into it (the GPU free notice's
 * /restartInstance?uuid=…, decision 092); nothing else in a message ever becomes a link.
 */
export function notificationParts(text: string): NotificationPart[] {
  const parts: NotificationPart[] = [];
  let last = 0;
  for (const match of text.matchAll(START_LINK_PATTERN)) {
    const at = match.index ?? 0;
    if (at > last) parts.push({ text: text.slice(last, at) });
    parts.push({ path: match[0] });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
