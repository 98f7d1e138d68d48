import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { hosts, images, instances } from "./market-schema";
import { users } from "./schema";

/*
 * Custom images (issue 36 §2, decision 088): a stopped instance's system disk
 * saved under a name. Each one is also a row of `images` (owner_user_id set),
 * so renting from it and an instance's image_id work as for the official ones;
 * this row holds what only a user's image has: its name, size, state and the
 * instance it came from. A deleted image keeps both rows (instances created
 * from it still name it) with state `deleted`; it counts for nothing and is
 * offered nowhere.
 */

/** saving: the fleet is copying the disk (until ready_at); available: can be rented from; deleted: gone. */
export const CUSTOM_IMAGE_STATES = ["saving", "available", "deleted"] as const;
export type CustomImageState = (typeof CUSTOM_IMAGE_STATES)[number];

export const customImages = pgTable(
  "custom_images",
  {
    id: id(),
    imageId: bigint("image_id", { mode: "number" })
      .notNull()
      .references(() => images.id),
    /** The owner (main account): quotas count per account. */
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    /** The sub-account that saved it, if one did: it sees only its own, like instances. */
    subAccountId: bigint("sub_account_id", { mode: "number" }),
    name: text("name").notNull(),
    sourceInstanceId: bigint("source_instance_id", { mode: "number" })
      .notNull()
      .references(() => instances.id),
    sizeGb: integer("size_gb").notNull(),
    state: text("state", { enum: CUSTOM_IMAGE_STATES }).notNull().default("saving"),
    /** When the fleet's copy is done and the job makes it available. */
    readyAt: at("ready_at").notNull(),
    /** The save form's key: the same key again answers the first save. */
    operationKey: text("operation_key").notNull(),
    createdAt: at("created_at").notNull(),
    deletedAt: at("deleted_at"),
  },
  (t) => [
    uniqueIndex("custom_images_image_uq").on(t.imageId),
    uniqueIndex("custom_images_operation_uq").on(t.userId, t.operationKey),
    uniqueIndex("custom_images_name_uq")
      .on(t.userId, t.name)
      .where(sql`${t.state} <> 'deleted'`),
    index("custom_images_user_idx").on(t.userId, t.id),
    index("custom_images_saving_idx")
      .on(t.readyAt)
      .where(sql`${t.state} = 'saving'`),
    check("custom_images_state_known", sql`${t.state} in ('saving', 'available', 'deleted')`),
    check("custom_images_size_pos", sql`${t.sizeGb} > 0`),
    check("custom_images_name_length", sql`char_length(${t.name}) between 1 and 30`),
    check("custom_images_deleted_at", sql`(${t.state} = 'deleted') = (${t.deletedAt} is not null)`),
  ],
);

/**
 * The images each host of the fleet holds locally (issue 36 §2: "images
 * already cached on a cloud host start faster there"): seeded with the
 * official images its CUDA runs, and a host caches an image once an instance
 * created from it there is running. An instance made from an image its host
 * lacks waits for the fleet's pull first (decision 088).
 */
export const hostImageCache = pgTable(
  "host_image_cache",
  {
    hostId: bigint("host_id", { mode: "number" })
      .notNull()
      .references(() => hosts.id),
    imageId: bigint("image_id", { mode: "number" })
      .notNull()
      .references(() => images.id),
    cachedAt: at("cached_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.hostId, t.imageId], name: "host_image_cache_pk" })],
);

/**
 * Each system reset (重置系统) or image change of an instance, under the form's
 * operation key: the same key again answers the first reset and wipes nothing
 * (a resubmitted form after the user wrote to the new disk must not wipe it
 * again).
 */
export const instanceResets = pgTable(
  "instance_resets",
  {
    id: id(),
    /** The owner (main account), whose keys these are. */
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    instanceId: bigint("instance_id", { mode: "number" })
      .notNull()
      .references(() => instances.id),
    imageId: bigint("image_id", { mode: "number" })
      .notNull()
      .references(() => images.id),
    kind: text("kind", { enum: ["system_reset", "image_change"] }).notNull(),
    operationKey: text("operation_key").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("instance_resets_operation_uq").on(t.userId, t.operationKey),
    check("instance_resets_kind_known", sql`${t.kind} in ('system_reset', 'image_change')`),
  ],
);

export const imagesSchema = { customImages, hostImageCache, instanceResets };
