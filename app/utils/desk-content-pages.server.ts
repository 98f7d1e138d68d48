import type { Params } from "@remix-run/react";
import type { ContentOption } from "~/components/desk/content/ContentForm";
import { getContentRevision, listContent, listModelImages, type ContentKindWire } from "~/upstream/content.server";
import { canEditContent, isContentKindName } from "../../platform/rules/content-desk";
import type { StaffAuth } from "~/upstream/desk.server";
import { CONTENT_FORM_FIELDS, formValuesOf } from "./desk-content-fields";
import { requireStaff, type StaffGuard } from "./desk-session.server";
import { renderMarkdown } from "./markdown.server";

/** The content desk's guard: a staff session (else /desk/login), of an editor or an admin (else 403). */
export async function requireContentEditor(request: Request): Promise<StaffGuard> {
  const guard = await requireStaff(request);
  if (!canEditContent(guard.staff.role))
    throw new Response("只有编辑可以管理文档、数据集、软件和模型", { status: 403 });
  return guard;
}

/** The `$kind` of a content page: doc, dataset, software or model, else the page is a 404. */
export function contentKindParam(params: Params): ContentKindWire {
  if (!isContentKindName(params.kind)) throw new Response("没有这类内容", { status: 404 });
  return params.kind;
}

/** The `$id` of a content page: a positive whole number, else the page is a 404. */
export function contentIdParam(params: Params): number {
  const id = /^[1-9]\d{0,15}$/.test(params.id ?? "") ? Number(params.id) : 0;
  if (!Number.isSafeInteger(id) || id < 1) throw new Response("没有这篇内容", { status: 404 });
  return id;
}

/**
 * The choices a kind's form offers: a doc's sections (top-level docs, not the
 * doc itself) and a model's official images.
 */
export async function contentFormOptions(
  auth: StaffAuth,
  kind: ContentKindWire,
  itemId: number | null,
): Promise<Record<"sections" | "images", ContentOption[]>> {
  const [sections, images] = await Promise.all([
    kind === "doc" ? listContent(auth, "doc") : Promise.resolve([]),
    kind === "model" ? listModelImages(auth) : Promise.resolve([]),
  ]);
  return {
    sections: sections
      .filter((d) => d.parent_id === null && d.id !== itemId)
      .map((d) => ({ value: String(d.id), label: d.title })),
    images: images.map((i) => ({ value: String(i.id), label: i.label })),
  };
}

/** One saved version as the page shows it (查看): its fields by label, its body rendered as the site renders markdown. */
export interface ContentVersionShown {
  number: number;
  rows: { label: string; value: string }[];
  html: string;
}

/** The version named by `?version=N`, or null without one; a version that is not a number or not saved is a 404. */
export async function contentVersionShown(
  auth: StaffAuth,
  kind: ContentKindWire,
  id: number,
  version: string | null,
): Promise<ContentVersionShown | null> {
  if (version === null) return null;
  if (!/^[1-9]\d{0,8}$/.test(version)) throw new Response("没有这个版本", { status: 404 });
  const saved = await getContentRevision(auth, kind, id, Number(version));
  const values = formValuesOf(kind, saved.fields);
  const specs = CONTENT_FORM_FIELDS[kind];
  return {
    number: saved.number,
    rows: specs
      .filter((f) => f.control.type !== "markdown")
      .map((f) => ({ label: f.label, value: values[f.name] ?? "" })),
    html: renderMarkdown(values.body ?? ""),
  };
}
