import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { images } from "./market-schema";
import { staffAccounts } from "./staff-schema";

const ref = (name: string) => bigint(name, { mode: "number" });

/**
 * Public content (issue 35; docs/decisions/072): docs, datasets, software and
 * AI models. Editors (staff role `editor`, and admins) write them in /desk.
 *
 * Every item has the same life: created as a `draft`, `published` (visitors
 * see it), `unpublished` (visitors get 404 again). Each save is a numbered
 * revision in `content_revisions` (who and when). The item's own columns are
 * what visitors see: a save of a published item only adds a revision, and its
 * publish copies that revision into the columns. A save of an item visitors do
 * not see also updates the columns, so the desk's preview is the row itself.
 */
export const CONTENT_KINDS = ["doc", "dataset", "software", "model"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const CONTENT_STATUSES = ["draft", "published", "unpublished"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** The columns every content table shares: its URL name and its life. */
const lifecycle = () => ({
  /** The item's name in its URL (/docs/<slug>): lower-case letters, digits and hyphens; fixed once created. */
  slug: text("slug").notNull(),
  status: text("status").$type<ContentStatus>().notNull().default("draft"),
  /** The newest revision saved. */
  latestRevision: integer("latest_revision").notNull().default(1),
  /** The revision visitors see; null until the first publish. Below latestRevision: changes wait to be published. */
  publishedRevision: integer("published_revision"),
  /** Where the item stands among its siblings (lower first). */
  position: integer("position").notNull().default(0),
  publishedAt: at("published_at"),
  createdAt: at("created_at").notNull().defaultNow(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

const lifecycleChecks = (table: string, t: { slug: unknown; status: unknown }) => [
  check(`${table}_slug_form`, sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(${t.slug}) <= 64`),
  check(`${table}_status_known`, sql`${t.status} in ('draft', 'published', 'unpublished')`),
];

/** A documentation page. Pages with a parent sit under it in the sidebar; top-level pages are its sections. */
export const docs = pgTable(
  "docs",
  {
    id: id(),
    ...lifecycle(),
    parentId: ref("parent_id").references((): AnyPgColumn => docs.id),
    title: text("title").notNull(),
    /** One line for lists and search results. */
    summary: text("summary").notNull().default(""),
    /** Markdown. `<!-- rules:NAME -->` lines are replaced, when shown, by tables built from platform/rules. */
    body: text("body").notNull(),
  },
  (t) => [
    uniqueIndex("docs_slug_uq").on(t.slug),
    index("docs_parent_idx").on(t.parentId, t.position),
    check("docs_title_length", sql`char_length(${t.title}) between 1 and 100`),
    ...lifecycleChecks("docs", t),
  ],
);

/** A public dataset on the platform's shared storage, mounted read-only into every instance. */
export const datasets = pgTable(
  "datasets",
  {
    id: id(),
    ...lifecycle(),
    name: text("name").notNull(),
    /** What it is for, e.g. 图像分类, 目标检测, 语音识别, 大模型微调. */
    task: text("task").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    fileCount: integer("file_count").notNull(),
    licence: text("licence").notNull(),
    /** Where it comes from (its publisher's page). */
    sourceUrl: text("source_url").notNull(),
    /** Where an instance sees it, e.g. /root/autodl-pub/ImageNet. */
    mountPath: text("mount_path").notNull(),
    summary: text("summary").notNull().default(""),
    /** Markdown: what is in it and how to use it. */
    body: text("body").notNull(),
  },
  (t) => [
    uniqueIndex("datasets_slug_uq").on(t.slug),
    index("datasets_task_idx").on(t.task),
    check("datasets_figures", sql`${t.sizeBytes} >= 0 and ${t.fileCount} >= 0`),
    ...lifecycleChecks("datasets", t),
  ],
);

/** A file an editor uploaded for public content: a software release's download, or an image in a doc. */
export const contentFiles = pgTable(
  "content_files",
  {
    id: id(),
    /** The storage provider's key. */
    storageKey: text("storage_key").notNull(),
    name: text("name").notNull(),
    mime: text("mime").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    /** Lower-case hex SHA-256 of the bytes, shown beside a download. */
    sha256: text("sha256").notNull(),
    /** Null for the seed's files. */
    uploadedBy: ref("uploaded_by").references(() => staffAccounts.id),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("content_files_storage_key_uq").on(t.storageKey),
    check("content_files_sha256_form", sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

export const SOFTWARE_PLATFORMS = ["windows", "macos", "linux", "any"] as const;
export type SoftwarePlatform = (typeof SOFTWARE_PLATFORMS)[number];

/** A client tool renters download (an SSH config helper, a file-transfer tool, …). */
export const software = pgTable(
  "software",
  {
    id: id(),
    ...lifecycle(),
    name: text("name").notNull(),
    summary: text("summary").notNull().default(""),
    /** Markdown: what it does and how to install it. */
    body: text("body").notNull(),
  },
  (t) => [uniqueIndex("software_slug_uq").on(t.slug), ...lifecycleChecks("software", t)],
);

/**
 * One downloadable build of a tool for one platform. Added by an editor and
 * never changed (a wrong one is withdrawn and a new one added), so its SHA-256
 * always describes the bytes served. Visible when its tool is published.
 */
export const softwareReleases = pgTable(
  "software_releases",
  {
    id: id(),
    softwareId: ref("software_id")
      .notNull()
      .references(() => software.id),
    version: text("version").notNull(),
    platform: text("platform").$type<SoftwarePlatform>().notNull(),
    /** Markdown release notes. */
    notes: text("notes").notNull().default(""),
    fileId: ref("file_id")
      .notNull()
      .references(() => contentFiles.id),
    releasedAt: at("released_at").notNull().defaultNow(),
    withdrawnAt: at("withdrawn_at"),
    createdBy: ref("created_by").references(() => staffAccounts.id),
  },
  (t) => [
    uniqueIndex("software_releases_version_uq").on(t.softwareId, t.platform, t.version),
    index("software_releases_software_idx").on(t.softwareId, t.releasedAt),
    check("software_releases_platform_known", sql`${t.platform} in ('windows', 'macos', 'linux', 'any')`),
    check("software_releases_version_form", sql`${t.version} ~ '^[0-9A-Za-z.+-]{1,32}$'`),
  ],
);

export const MODEL_FAMILIES = ["llm", "diffusion", "speech", "vision", "multimodal"] as const;
export type ModelFamily = (typeof MODEL_FAMILIES)[number];

/** A model of the AI model library, with the market image that serves it ready to run. */
export const aiModels = pgTable(
  "ai_models",
  {
    id: id(),
    ...lifecycle(),
    name: text("name").notNull(),
    family: text("family").$type<ModelFamily>().notNull(),
    publisher: text("publisher").notNull(),
    /** As its publisher says it, e.g. "7B", "1.5B", "3.5B". */
    parameters: text("parameters").notNull(),
    /** GPU memory one instance needs to serve it (all its GPUs together). */
    gpuMemoryGb: integer("gpu_memory_gb").notNull(),
    imageId: ref("image_id")
      .notNull()
      .references(() => images.id),
    licence: text("licence").notNull(),
    summary: text("summary").notNull().default(""),
    /** Markdown: what it does and how to run it in the image. */
    body: text("body").notNull(),
  },
  (t) => [
    uniqueIndex("ai_models_slug_uq").on(t.slug),
    index("ai_models_family_idx").on(t.family, t.position),
    check("ai_models_family_known", sql`${t.family} in ('llm', 'diffusion', 'speech', 'vision', 'multimodal')`),
    check("ai_models_memory", sql`${t.gpuMemoryGb} > 0`),
    ...lifecycleChecks("ai_models", t),
  ],
);

/**
 * Every save of a content item: its editable fields as saved (the kind's
 * contract shape), numbered from 1 per item, with who saved it. The desk lists
 * them as the item's versions; publishing copies one into the item's row.
 */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: id(),
    kind: text("kind").$type<ContentKind>().notNull(),
    itemId: ref("item_id").notNull(),
    number: integer("number").notNull(),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    /** Null for the seed. */
    staffId: ref("staff_id").references(() => staffAccounts.id),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("content_revisions_item_uq").on(t.kind, t.itemId, t.number),
    check("content_revisions_kind_known", sql`${t.kind} in ('doc', 'dataset', 'software', 'model')`),
    check("content_revisions_number", sql`${t.number} >= 1`),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** What the site search finds: public content and the work orders' self-help documents. */
export const SEARCH_SOURCES = ["doc", "dataset", "software", "model", "work_order_doc"] as const;
export type SearchSource = (typeof SEARCH_SOURCES)[number];

/**
 * The search index (decision 072): one row per published item, its text
 * segmented into words by jieba (Chinese has no spaces) and kept as a
 * `simple` tsvector, the title weighted A and the body B. Rewritten when an
 * item is published, deleted when it is unpublished.
 */
export const searchEntries = pgTable(
  "search_entries",
  {
    id: id(),
    source: text("source").$type<SearchSource>().notNull(),
    sourceId: ref("source_id").notNull(),
    title: text("title").notNull(),
    /** The page's path on the site, e.g. /docs/billing. */
    href: text("href").notNull(),
    /** The text as a reader sees it (markdown stripped), for the snippet. */
    plainText: text("plain_text").notNull(),
    words: tsvector("words").notNull(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("search_entries_source_uq").on(t.source, t.sourceId),
    index("search_entries_words_idx").using("gin", t.words),
    check("search_entries_source_known", sql`${t.source} in ('doc', 'dataset', 'software', 'model', 'work_order_doc')`),
  ],
);

export const contentSchema = {
  docs,
  datasets,
  contentFiles,
  software,
  softwareReleases,
  aiModels,
  contentRevisions,
  searchEntries,
};
