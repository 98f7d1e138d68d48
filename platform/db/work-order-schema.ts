import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { subAccounts, users } from "./schema";

/*
 * The work-order tables (issue 11, docs/decisions/036-work-order-contract.md):
 * the catalogue (categories, their questions, self-help documents), the orders,
 * their thread, their uploads and their reply-notice subscriptions.
 *
 * Ownership follows decision 028: `user_id` is always the main account; a row
 * with `sub_account_id` belongs to that sub-account. A sub-account sees only its
 * own rows; the main account sees all rows of its `user_id`.
 *
 * Staff ids are plain integers (the staff tables come with the desk); no FK.
 */

const ref = (name: string) => bigint(name, { mode: "number" });

/** What a work order can be about. "instance" and "order" are listed for the market issue's resources. */
export const WORK_ORDER_RESOURCE_TYPES = ["account", "instance", "order"] as const;
export type WorkOrderResourceType = (typeof WORK_ORDER_RESOURCE_TYPES)[number];

/** new 待处理 → processing 处理中 ⇄ waiting_user 待补充 → resolved 已解决 / closed 已关闭 / revoked 已撤销. */
export const WORK_ORDER_STATUSES = ["new", "processing", "waiting_user", "resolved", "closed", "revoked"] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

export const WORK_ORDER_EVENT_KINDS = ["comment", "state_change", "internal_note", "attachment"] as const;
export type WorkOrderEventKind = (typeof WORK_ORDER_EVENT_KINDS)[number];

export const WORK_ORDER_CHANNELS = ["site", "sms", "email"] as const;
export type WorkOrderChannel = (typeof WORK_ORDER_CHANNELS)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** A category (分类): ordered by `position`, then id; names are unique. */
export const workOrderCategories = pgTable(
  "work_order_categories",
  {
    id: id(),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("work_order_categories_name_uq").on(t.name),
    check("work_order_categories_name_length", sql`char_length(${t.name}) between 1 and 32`),
  ],
);

/** A question (子分类) of a category, with the resource types it applies to. */
export const workOrderQuestions = pgTable(
  "work_order_questions",
  {
    id: id(),
    categoryId: ref("category_id")
      .notNull()
      .references(() => workOrderCategories.id),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
    resourceTypes: text("resource_types").array().notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("work_order_questions_category_name_uq").on(t.categoryId, t.name),
    check("work_order_questions_name_length", sql`char_length(${t.name}) between 1 and 64`),
    check(
      "work_order_questions_resource_types_known",
      sql`cardinality(${t.resourceTypes}) >= 1 and ${t.resourceTypes} <@ array[${inList(WORK_ORDER_RESOURCE_TYPES)}]::text[]`,
    ),
  ],
);

/** A self-help document (markdown) for a category, or for one question of it. */
export const workOrderDocuments = pgTable(
  "work_order_documents",
  {
    id: id(),
    categoryId: ref("category_id")
      .notNull()
      .references(() => workOrderCategories.id),
    questionId: ref("question_id").references(() => workOrderQuestions.id),
    title: text("title").notNull(),
    content: text("content").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("work_order_documents_category_idx").on(t.categoryId, t.questionId),
    check("work_order_documents_title_length", sql`char_length(${t.title}) between 1 and 100`),
  ],
);

/**
 * A work order. `user_unread` is true while a staff reply waits for the user
 * (set by a staff reply, cleared when the owner opens the order): the bar's
 * unread flag is one indexed EXISTS on it. `staff_unread` is the desk's
 * "waiting for us" mark (set by the user's comments, cleared by a staff reply).
 */
export const workOrders = pgTable(
  "work_orders",
  {
    id: id(),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    subAccountId: ref("sub_account_id").references(() => subAccounts.id),
    categoryId: ref("category_id")
      .notNull()
      .references(() => workOrderCategories.id),
    questionId: ref("question_id")
      .notNull()
      .references(() => workOrderQuestions.id),
    resourceType: text("resource_type").$type<WorkOrderResourceType>().notNull(),
    resourceId: text("resource_id").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    contactPhone: text("contact_phone").notNull(),
    status: text("status").$type<WorkOrderStatus>().notNull().default("new"),
    assigneeStaffId: ref("assignee_staff_id"),
    userUnread: boolean("user_unread").notNull().default(false),
    staffUnread: boolean("staff_unread").notNull().default(true),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    lastStaffReplyAt: at("last_staff_reply_at"),
    lastUserActivityAt: at("last_user_activity_at").notNull().defaultNow(),
    userReadAt: at("user_read_at"),
    /** When it reached resolved, closed or revoked; null while open. */
    endedAt: at("ended_at"),
  },
  (t) => [
    index("work_orders_user_idx").on(t.userId, t.id),
    index("work_orders_sub_account_idx")
      .on(t.subAccountId, t.id)
      .where(sql`${t.subAccountId} is not null`),
    index("work_orders_user_unread_idx")
      .on(t.userId, t.subAccountId)
      .where(sql`${t.userUnread}`),
    index("work_orders_queue_idx").on(t.status, t.lastUserActivityAt),
    check("work_orders_status_known", sql`${t.status} in (${inList(WORK_ORDER_STATUSES)})`),
    check("work_orders_resource_type_known", sql`${t.resourceType} in (${inList(WORK_ORDER_RESOURCE_TYPES)})`),
    check("work_orders_title_length", sql`char_length(${t.title}) between 1 and 100`),
    check(
      "work_orders_ended_with_status",
      sql`(${t.status} in ('resolved', 'closed', 'revoked')) = (${t.endedAt} is not null)`,
    ),
  ],
);

/**
 * The thread of an order. A state change records `from_status`/`to_status`;
 * an attachment event names its file. Internal notes are staff-only: no user
 * query ever returns them.
 */
export const workOrderEvents = pgTable(
  "work_order_events",
  {
    id: id(),
    orderId: ref("order_id")
      .notNull()
      .references(() => workOrders.id),
    kind: text("kind").$type<WorkOrderEventKind>().notNull(),
    authorKind: text("author_kind").$type<"user" | "staff">().notNull(),
    /** The main account's user id for a user, the staff id for staff. */
    authorId: ref("author_id").notNull(),
    /** Set when the author is a sub-account. */
    authorSubAccountId: ref("author_sub_account_id"),
    body: text("body").notNull().default(""),
    fromStatus: text("from_status").$type<WorkOrderStatus>(),
    toStatus: text("to_status").$type<WorkOrderStatus>(),
    fileId: ref("file_id"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("work_order_events_order_idx").on(t.orderId, t.id),
    check("work_order_events_kind_known", sql`${t.kind} in (${inList(WORK_ORDER_EVENT_KINDS)})`),
    check("work_order_events_author_kind_known", sql`${t.authorKind} in ('user', 'staff')`),
    check("work_order_events_state_change_statuses", sql`(${t.kind} = 'state_change') = (${t.toStatus} is not null)`),
    check("work_order_events_internal_by_staff", sql`${t.kind} <> 'internal_note' or ${t.authorKind} = 'staff'`),
  ],
);

/**
 * An upload: by a user (user id, and the sub-account when one uploaded) or by
 * staff. `order_id` is null until it is attached. The bytes live in the storage
 * provider under `storage_key`.
 */
export const workOrderFiles = pgTable(
  "work_order_files",
  {
    id: id(),
    uploaderUserId: ref("uploader_user_id").references(() => users.id),
    uploaderSubAccountId: ref("uploader_sub_account_id").references(() => subAccounts.id),
    uploaderStaffId: ref("uploader_staff_id"),
    orderId: ref("order_id").references(() => workOrders.id),
    storageKey: text("storage_key").notNull(),
    mime: text("mime").notNull(),
    byteSize: integer("byte_size").notNull(),
    originalName: text("original_name").notNull(),
    width: integer("width"),
    height: integer("height"),
    createdAt: at("created_at").notNull().defaultNow(),
    attachedAt: at("attached_at"),
  },
  (t) => [
    uniqueIndex("work_order_files_storage_key_uq").on(t.storageKey),
    index("work_order_files_order_idx")
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    index("work_order_files_uploader_idx").on(t.uploaderUserId, t.createdAt),
    check("work_order_files_one_uploader", sql`(${t.uploaderUserId} is null) <> (${t.uploaderStaffId} is null)`),
    check(
      "work_order_files_sub_account_is_user",
      sql`${t.uploaderSubAccountId} is null or ${t.uploaderUserId} is not null`,
    ),
    check("work_order_files_size_range", sql`${t.byteSize} between 1 and ${sql.raw(String(10 * 1024 * 1024))}`),
    check("work_order_files_attached_with_order", sql`(${t.orderId} is null) = (${t.attachedAt} is null)`),
  ],
);

/** Reply notices for one order by channel; `address` is the phone (sms) or email (email) at subscription time. */
export const workOrderSubscriptions = pgTable(
  "work_order_subscriptions",
  {
    id: id(),
    orderId: ref("order_id")
      .notNull()
      .references(() => workOrders.id),
    channel: text("channel").$type<WorkOrderChannel>().notNull(),
    address: text("address"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("work_order_subscriptions_order_channel_uq").on(t.orderId, t.channel),
    check("work_order_subscriptions_channel_known", sql`${t.channel} in (${inList(WORK_ORDER_CHANNELS)})`),
    check("work_order_subscriptions_address_for_channel", sql`(${t.channel} = 'site') = (${t.address} is null)`),
  ],
);

export const workOrderSchema = {
  workOrderCategories,
  workOrderQuestions,
  workOrderDocuments,
  workOrders,
  workOrderEvents,
  workOrderFiles,
  workOrderSubscriptions,
};
