/**
 * The desk's public-content calls under /staff/content (issue 35 §2, decision
 * 072): docs, datasets, software and AI models, each a `kind`, edited through
 * one lifecycle (draft, save with `based_on`, publish, unpublish, versions).
 * Editors and admins only; any other staff member is refused (PERMISSION_DENIED,
 * 403). The caller is a staff member (STAFF_SESSION_HEADER); the envelope is the
 * main API's. Times are ISO 8601.
 *
 * A kind's fields travel under their own names (`title`, `parentId`,
 * `sizeBytes`, … as in platform/modules/content/kinds/); a refusal names the
 * field it is about in `data.field`.
 */
import type { MainApiCall } from "./calls";

export const CONTENT_KIND_NAMES = ["doc", "dataset", "software", "model"] as const;
export type ContentKindWire = (typeof CONTENT_KIND_NAMES)[number];
export type ContentStatusWire = "draft" | "published" | "unpublished";

/** Where an item stands after an action. */
export type ContentStateWire = {
  id: number;
  slug: string;
  status: ContentStatusWire;
  latest_revision: number;
  published_revision: number | null;
};

/** One row of the desk's list of a kind (every status). */
export type ContentListItemWire = ContentStateWire & {
  /** A doc's title, the others' name. */
  title: string;
  /** Docs only: the section it sits under (null: a section, or not a doc). */
  parent_id: number | null;
  position: number;
  /** Saved after the published revision: "有未发布的修改". */
  unpublished_changes: boolean;
  updated_at: string;
  published_at: string | null;
  /** Where visitors read it once published: /docs/<slug>, /dataset/<slug>, /software#<slug>, /AIModels/<slug>. */
  public_href: string | null;
};

export type ContentVersionWire = {
  number: number;
  /** The staff member's display name; null for the seed. */
  saved_by: string | null;
  saved_at: string;
  published: boolean;
};

/** A field's value as saved (text, number, or null for "none"). */
export type ContentFieldValue = string | number | null;

/** One item for the edit form: its state, the latest revision's fields, and its versions (newest first). */
export type ContentDetailWire = {
  item: ContentListItemWire;
  fields: Record<string, ContentFieldValue>;
  versions: ContentVersionWire[];
};

/** One saved version's fields (查看). */
export type ContentRevisionWire = { number: number; fields: Record<string, ContentFieldValue> };

/** An official market image a model can name (the model form's select). */
export type ContentImageOptionWire = { id: number; label: string };

export type ContentKindFields = { kind: ContentKindWire };
export type ContentItemFields = ContentKindFields & { id: number };
/** The kind's own fields go beside these, under their names. */
export type ContentCreateFields = ContentKindFields & { slug: string } & Record<string, ContentFieldValue>;
export type ContentSaveFields = ContentItemFields & { based_on: number } & Record<string, ContentFieldValue>;
export type ContentPublishFields = ContentItemFields & { revision?: number };
export type ContentRevisionFields = ContentItemFields & { number: number };

/** Every content call, by path under /staff; all need a live staff token of an editor or admin. */
export type ContentCalls = {
  "/content/list": MainApiCall<ContentKindFields, { items: ContentListItemWire[] }, "required">;
  "/content/detail": MainApiCall<ContentItemFields, ContentDetailWire, "required">;
  "/content/revision": MainApiCall<ContentRevisionFields, ContentRevisionWire, "required">;
  "/content/create": MainApiCall<ContentCreateFields, ContentStateWire, "required">;
  "/content/save": MainApiCall<ContentSaveFields, ContentStateWire, "required">;
  "/content/publish": MainApiCall<ContentPublishFields, ContentStateWire, "required">;
  "/content/unpublish": MainApiCall<ContentItemFields, ContentStateWire, "required">;
  "/content/model-images": MainApiCall<Record<string, never>, { images: ContentImageOptionWire[] }, "required">;
};

/** The largest content call body: a 100,000-character markdown body percent-encoded (9 bytes a Han character). */
export const CONTENT_BODY_MAX_BYTES = 1024 * 1024;

/**
 * POST under /staff, multipart with one `file`: a doc image of the markdown
 * editor (gif, jpeg, png, sanitised SVG; 10 MB), stored for public content.
 * The main API's envelope with a ContentImageWire.
 */
export const CONTENT_IMAGE_UPLOAD_PATH = "/content/images";

/** GET under /api, public: a doc image's bytes (not an envelope), or a refusal (NOT_FOUND, HTTP 404). */
export const contentImageApiPath = (id: number) => `/content/images/${id}`;

/** Where pages show a doc image: the web tier's public, long-cached route (a stored image never changes). */
export const contentImagePagePath = (id: number) => `/content-images/${id}`;

/** A stored doc image, as the editor reads it: `url` goes into the markdown. */
export type ContentImageWire = {
  id: number;
  url: string;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
};
