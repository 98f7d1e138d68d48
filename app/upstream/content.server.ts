import type {
  ContentCalls,
  ContentDetailWire,
  ContentFieldValue,
  ContentImageOptionWire,
  ContentKindWire,
  ContentListItemWire,
  ContentRevisionWire,
  ContentStateWire,
} from "../../platform/contract/content";
import { STAFF_SESSION_HEADER } from "../../platform/contract/staff";
import type { StaffAuth } from "./desk.server";
import { callApiOrThrow, type Fields } from "./transport.server";

export type {
  ContentDetailWire,
  ContentFieldValue,
  ContentImageOptionWire,
  ContentKindWire,
  ContentListItemWire,
  ContentRevisionWire,
  ContentStateWire,
};

/** A kind's fields as a form posts them: text (null, "none", is sent as an empty field). */
export type ContentFieldsInput = Record<string, string | number | null>;

/** One /staff/content call with the staff token in its header; path, fields and reply typed by the contract. */
function contentCall<P extends keyof ContentCalls & string>(
  path: P,
  input: Fields,
  auth: StaffAuth,
): Promise<ContentCalls[P]["data"]> {
  return callApiOrThrow<ContentCalls[P]["data"]>(path, input, {
    area: "/staff",
    headers: [[STAFF_SESSION_HEADER, auth.token]],
    clientAddress: auth.clientAddress,
  });
}

const sent = (fields: ContentFieldsInput): Fields =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v ?? ""]));

export async function listContent(auth: StaffAuth, kind: ContentKindWire): Promise<ContentListItemWire[]> {
  return (await contentCall("/content/list", { kind }, auth)).items;
}

export function getContent(auth: StaffAuth, kind: ContentKindWire, id: number): Promise<ContentDetailWire> {
  return contentCall("/content/detail", { kind, id }, auth);
}

export function getContentRevision(
  auth: StaffAuth,
  kind: ContentKindWire,
  id: number,
  number: number,
): Promise<ContentRevisionWire> {
  return contentCall("/content/revision", { kind, id, number }, auth);
}

export function createContent(
  auth: StaffAuth,
  kind: ContentKindWire,
  slug: string,
  fields: ContentFieldsInput,
): Promise<ContentStateWire> {
  return contentCall("/content/create", { ...sent(fields), kind, slug }, auth);
}

/** Saves the next revision; `basedOn` is the revision the form was made from (a stale one: CONTENT_CHANGED). */
export function saveContent(
  auth: StaffAuth,
  kind: ContentKindWire,
  id: number,
  basedOn: number,
  fields: ContentFieldsInput,
): Promise<ContentStateWire> {
  return contentCall("/content/save", { ...sent(fields), kind, id, based_on: basedOn }, auth);
}

/** Publishes the latest revision, or the named one (发布此版本). */
export function publishContent(
  auth: StaffAuth,
  kind: ContentKindWire,
  id: number,
  revision?: number,
): Promise<ContentStateWire> {
  return contentCall("/content/publish", { kind, id, revision }, auth);
}

export function unpublishContent(auth: StaffAuth, kind: ContentKindWire, id: number): Promise<ContentStateWire> {
  return contentCall("/content/unpublish", { kind, id }, auth);
}

export async function listModelImages(auth: StaffAuth): Promise<ContentImageOptionWire[]> {
  return (await contentCall("/content/model-images", {}, auth)).images;
}
