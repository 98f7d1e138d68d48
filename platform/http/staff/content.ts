import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import {
  CONTENT_BODY_MAX_BYTES,
  CONTENT_IMAGE_UPLOAD_PATH,
  CONTENT_KIND_NAMES,
  contentImagePagePath,
  type ContentCalls,
  type ContentFieldValue,
  type ContentListItemWire,
  type ContentStateWire,
} from "../../contract/content";
import {
  contentForDesk,
  contentRevisionForDesk,
  listContentForDesk,
  officialImagesForModels,
} from "../../modules/content/desk-read";
import { CONTENT_KIND_SPECS } from "../../modules/content/kinds";
import type { ContentState } from "../../modules/content/lifecycle";
import { createContent, publishContent, saveContent, unpublishContent } from "../../modules/content/lifecycle";
import type { DeskContentItem } from "../../modules/content/desk-read";
import { storeContentImage } from "../../modules/content/images";
import { DomainError } from "../../modules/errors";
import { UPLOAD_BODY_MAX_BYTES } from "../../contract/uploads";
import { uploadedFile } from "../upload-field";
import { contractRoutes } from "../api/contract-routes";
import type { Env } from "../context";
import { mainApiError } from "../errors-reply";
import * as f from "../fields";
import { ok, parseFields, readForm, type Form } from "../wire";
import { staffCaller } from "./context";

/**
 * /staff/content: the desk's public-content calls (platform/contract/content.ts),
 * every one through the lifecycle (platform/modules/content/lifecycle.ts) and
 * the kind's spec. Mounted ahead of /staff's 64 KB body limit with its own
 * (a 100,000-character markdown body, percent-encoded).
 */
export const deskContentApi = new Hono<Env>();

/** The markdown editor's doc image (one file, 10 MB and its framing): ahead of the 1 MB limit of the other calls. */
deskContentApi.post(
  CONTENT_IMAGE_UPLOAD_PATH,
  bodyLimit({ maxSize: UPLOAD_BODY_MAX_BYTES, onError: (c) => mainApiError(c, new DomainError("UPLOAD_TOO_LARGE")) }),
  async (c) => {
    const staff = await staffCaller(c);
    const file = await uploadedFile(c);
    const image = await storeContentImage(c.var.ctx, staff, {
      name: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    return ok(c, {
      id: image.id,
      url: contentImagePagePath(image.id),
      name: image.name,
      mime: image.mime,
      size: image.sizeBytes,
      sha256: image.sha256,
      width: image.width,
      height: image.height,
    });
  },
);

deskContentApi.use(
  "/content/*",
  bodyLimit({
    maxSize: CONTENT_BODY_MAX_BYTES,
    onError: (c) => mainApiError(c, new DomainError("PAYLOAD_TOO_LARGE")),
  }),
);
const on = contractRoutes<ContentCalls>(deskContentApi);

const kind = z.enum(CONTENT_KIND_NAMES, { errorMap: () => ({ message: "内容类别不正确" }) });
const Kind = z.object({ kind });
const Item = Kind.extend({ id: f.id("编号") });
const Revision = Item.extend({ number: f.id("版本号") });
const Publish = Item.extend({ revision: f.id("版本号").optional() });
const Create = Kind.extend({ slug: z.string({ required_error: "请填写网址名" }).max(200, "网址名过长") });
const Save = Item.extend({ based_on: f.id("版本号") });

/** The fields of the form that are the kind's own (everything but the call's own names). */
function kindFields(form: Form, own: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(form).filter(([key]) => !own.includes(key)));
}

const stateWire = (s: ContentState): ContentStateWire => ({
  id: s.id,
  slug: s.slug,
  status: s.status,
  latest_revision: s.latestRevision,
  published_revision: s.publishedRevision,
});

const itemWire = (i: DeskContentItem): ContentListItemWire => ({
  ...stateWire(i),
  title: i.title,
  parent_id: i.parentId,
  position: i.position,
  unpublished_changes: i.unpublishedChanges,
  updated_at: i.updatedAt.toISOString(),
  published_at: i.publishedAt?.toISOString() ?? null,
  public_href: i.href,
});

/** Saved fields as the wire carries them: text, numbers and null. */
function fieldsWire(fields: Record<string, unknown>): Record<string, ContentFieldValue> {
  const out: Record<string, ContentFieldValue> = {};
  for (const [key, value] of Object.entries(fields))
    out[key] = typeof value === "number" || typeof value === "string" || value === null ? value : String(value);
  return out;
}

on.post("/content/list", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Kind, form);
  return { items: (await listContentForDesk(c.var.ctx, staff, CONTENT_KIND_SPECS[input.kind])).map(itemWire) };
});

on.post("/content/detail", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Item, form);
  const one = await contentForDesk(c.var.ctx, staff, CONTENT_KIND_SPECS[input.kind], input.id);
  return {
    item: itemWire(one.item),
    fields: fieldsWire(one.fields),
    versions: one.versions.map((v) => ({
      number: v.number,
      saved_by: v.savedBy,
      saved_at: v.savedAt.toISOString(),
      published: v.published,
    })),
  };
});

on.post("/content/revision", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Revision, form);
  const fields = await contentRevisionForDesk(c.var.ctx, staff, CONTENT_KIND_SPECS[input.kind], input.id, input.number);
  return { number: input.number, fields: fieldsWire(fields) };
});

on.post("/content/create", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Create, form);
  const fields = kindFields(form, ["kind", "slug"]);
  return stateWire(await createContent(c.var.ctx, staff, CONTENT_KIND_SPECS[input.kind], { slug: input.slug, fields }));
});

on.post("/content/save", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Save, form);
  const fields = kindFields(form, ["kind", "id", "based_on"]);
  const spec = CONTENT_KIND_SPECS[input.kind];
  return stateWire(await saveContent(c.var.ctx, staff, spec, input.id, { fields, basedOn: input.based_on }));
});

on.post("/content/publish", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Publish, form);
  return stateWire(await publishContent(c.var.ctx, staff, CONTENT_KIND_SPECS[input.kind], input.id, input.revision));
});

on.post("/content/unpublish", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Item, form);
  return stateWire(await unpublishContent(c.var.ctx, staff, CONTENT_KIND_SPECS[input.kind], input.id));
});

on.post("/content/model-images", async (c) => {
  await readForm(c);
  const staff = await staffCaller(c);
  return { images: await officialImagesForModels(c.var.ctx, staff) };
});

deskContentApi.onError((error, c) => mainApiError(c, error));
