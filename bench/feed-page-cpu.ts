/**
 * CPU per notifications and messages page, in process, on a file-backed PGlite (or PostgreSQL with DATABASE_URL):
 * one user with 3 notifications and 2 messages, 4,000 sequential calls per case after 500 to warm up.
 * `npx tsx bench/feed-page-cpu.ts` (decision 022, 2026-11-24).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../platform/db/client";
import { migrateDatabase } from "../platform/db/migrate";
import { messages, notifications, users } from "../platform/db/schema";
import type { Caller, Ctx } from "../platform/modules/context";
import { listMessages } from "../platform/modules/notices/messages";
import { listNotifications } from "../platform/modules/notices/notifications";

const WARM_UP = 500;
const CALLS = 4_000;

const dataDir = mkdtempSync(path.join(tmpdir(), "feed-page-cpu-"));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
try {
  await migrateDatabase(database);
  const { db } = database;
  const [user] = await db
    .insert(users)
    .values({ phone: "17000000002", passwordHash: "-", nickname: "bench" })
    .returning({ id: users.id });
  const userId = user!.id;
  await db.insert(notifications).values([1, 2, 3].map((i) => ({ userId, title: `标题${i}`, original: `内容${i}` })));
  await db.insert(messages).values([1, 2].map((i) => ({ userId, message: `消息${i}` })));
  const ctx = { db, now: () => new Date() } as unknown as Ctx;
  const caller = { userId, subAccountId: null } as unknown as Caller;

  const cases: [string, () => Promise<unknown>][] = [
    ["notifications, page 1 of 5", () => listNotifications(ctx, caller, { page: 1, pageSize: 5, filter: "all" })],
    ["notifications, past the end", () => listNotifications(ctx, caller, { page: 9, pageSize: 5, filter: "all" })],
    ["messages, page 1 of 5", () => listMessages(ctx, caller, { page: 1, pageSize: 5 })],
  ];
  for (const [label, call] of cases) {
    for (let i = 0; i < WARM_UP; i++) await call();
    const before = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) await call();
    const used = process.cpuUsage(before);
    console.log(`${label.padEnd(30)} ${((used.user + used.system) / CALLS).toFixed(0)} µs CPU per call`);
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
