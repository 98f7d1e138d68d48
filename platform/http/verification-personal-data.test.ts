/**
 * Personal data at rest and in the log after every verification flow (issue 37 §3, §5): the flows of
 * tests/support/verification-flows.ts (ID card and face, bank card, other channel, enterprise, student by card and by
 * mailbox; a rejected and an approved review) plus a reviewer's reveal and file view, then a dump of every row of
 * every table of the database and every log line (the platform's log, the outboxes' and the console's) must hold
 * none of the ID numbers, card number, names, passport number, student numbers or legal representative typed or
 * read (sealed `pd1.` values only); the storage provider's objects must not hold the uploaded images' bytes.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { FilesystemStorageProvider } from "../providers/storage/filesystem";
import { rowsOf } from "../modules/finance/rows";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { addStaff, staffLogin, staffPost } from "../../tests/support/staff";
import {
  FILE_IMAGE,
  ID_CARD_IMAGE,
  runEveryVerificationFlow,
  type VerificationFlows,
} from "../../tests/support/verification-flows";
import { STAFF_SESSION_HEADER } from "../contract/staff";

let t: TestPlatform;
let flows: VerificationFlows;
const lines: string[] = [];

beforeAll(async () => {
  for (const method of ["log", "info", "warn", "error", "debug"] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
  t = await startTestPlatform({ log: (line) => void lines.push(line) });
  const reviewer = await staffLogin(t, await addStaff(t, "reviewer", "审核员小吴"));
  flows = await runEveryVerificationFlow(t, reviewer);
  // A reviewer looks at the enterprise application's values and its licence: audited, never in plain at rest.
  const reveal = await staffPost(t, "/verification/reveal", reviewer, {
    id: flows.entries.enterprise,
    reason: "核对营业执照",
  });
  expect(reveal.body.status).toBe(0);
  const file = await t.platform.fetch(
    new Request(
      `http://x/staff/verification/entries/${flows.entries.enterprise}/files/${flows.files.licence}?reveal=${reveal.body.data.reveal_id}`,
      { headers: { [STAFF_SESSION_HEADER]: reviewer } },
    ),
  );
  expect(file.status).toBe(200);
}, 60_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
});

/** Every row of every table of the public schema, as text, table by table. */
async function dumpDatabase(): Promise<Map<string, string>> {
  const tables = await rowsOf<{ name: string }>(
    t.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const dump = new Map<string, string>();
  for (const { name } of tables)
    dump.set(name, JSON.stringify(await rowsOf(t.db, sql.raw(`select * from "${name.replaceAll('"', '""')}"`))));
  return dump;
}

/** Every object the storage provider holds (files under its directory). */
async function storedObjects(): Promise<Buffer[]> {
  const storage = t.ctx.providers.storage;
  expect(storage).toBeInstanceOf(FilesystemStorageProvider);
  const root = (storage as FilesystemStorageProvider).root;
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return Promise.all(entries.filter((e) => e.isFile()).map((e) => readFile(path.join(e.parentPath, e.name))));
}

it("no table holds a plain ID number, card number, name, document or student number; sealed values are there", async () => {
  const dump = await dumpDatabase();
  expect(dump.size).toBeGreaterThan(20);
  for (const table of ["verification_entries", "student_details", "id_card_readings"])
    expect(dump.get(table), table).toContain("pd1.");
  const found: string[] = [];
  for (const [table, text] of dump)
    for (const secret of flows.secrets) if (text.includes(secret)) found.push(`${table}: ${secret}`);
  expect(found).toEqual([]);
  // The rows the flows wrote are in the dump: the owner's six entries.
  const entries = JSON.parse(dump.get("verification_entries")!) as { user_id: unknown }[];
  expect(entries.filter((e) => Number(e.user_id) === flows.owner.userId)).toHaveLength(6);
});

it("no log line holds any of them", () => {
  expect(lines.length).toBeGreaterThan(0);
  const text = lines.join("\n");
  expect(flows.secrets.filter((secret) => text.includes(secret))).toEqual([]);
});

it("the stored objects do not hold the uploaded images' bytes: sealed at rest", async () => {
  const objects = await storedObjects();
  expect(objects.length).toBeGreaterThanOrEqual(Object.keys(flows.files).length);
  for (const image of [FILE_IMAGE, ID_CARD_IMAGE]) {
    const bytes = Buffer.from(image);
    const head = bytes.subarray(0, 16);
    const body = bytes.subarray(33, Math.min(bytes.length, 97)); // past the PNG signature and IHDR
    for (const object of objects) {
      expect(object.includes(bytes)).toBe(false);
      expect(object.includes(Buffer.from(bytes.toString("base64")))).toBe(false);
      expect(object.includes(Buffer.from(bytes.toString("base64url")))).toBe(false);
      expect(object.includes(head)).toBe(false);
      expect(object.includes(body)).toBe(false);
    }
  }
});
