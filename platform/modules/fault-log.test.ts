/**
 * Secrets out of logs: an unexpected database fault is logged with its query,
 * SQLSTATE and stack, never with the values the query was sent (issue 9's rule
 * for every area). Real faults from the test database, PGlite or PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../db/schema";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { describeFault } from "./fault-log";

const SECRET = "s3cr3t-Passw0rd-hash-$argon2id$v=19";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

async function faultOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("the query did not fail");
}

describe("describeFault", () => {
  it("keeps a failed query's parameters out, and its query, SQLSTATE and stack in", async () => {
    // A text where the bigint id goes: PostgreSQL refuses the query (22P02), quoting the value.
    const error = await faultOf(() =>
      t.db
        .select()
        .from(users)
        .where(sql`${users.id} = ${SECRET}`),
    );
    expect(String((error as Error).message)).toContain(SECRET); // what Drizzle would have logged
    const line = describeFault(error);
    expect(line).not.toContain(SECRET);
    expect(line).toContain('from "users"');
    expect(line).toContain("1 parameters withheld");
    expect(line).toContain("22P02");
    expect(line).toMatch(/\n\s+at /);
  });

  it("keeps a constraint's offending value out, and names the constraint", async () => {
    const [demo] = await t.db.select({ phone: users.phone }).from(users).limit(1);
    const error = await faultOf(() =>
      t.db.execute(sql`insert into users (phone, password_hash, nickname) values (${demo!.phone}, ${SECRET}, 'x')`),
    );
    const line = describeFault(error);
    expect(line).not.toContain(SECRET);
    expect(line).not.toContain(demo!.phone);
    expect(line).toContain("23505");
  });

  it("is what the API logs when a call meets an unexpected fault", async () => {
    const logged: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
    try {
      const { mainApiError } = await import("../http/errors-reply");
      const error = await faultOf(() =>
        t.db
          .select()
          .from(users)
          .where(sql`${users.id} = ${SECRET}`),
      );
      const reply = mainApiError({ json: (body: unknown, status: number) => ({ body, status }) } as never, error);
      expect((reply as unknown as { body: { status: number } }).body.status).not.toBe(0);
    } finally {
      spy.mockRestore();
    }
    expect(logged.join("\n")).toContain("[platform] unexpected error DrizzleQueryError");
    expect(logged.join("\n")).not.toContain(SECRET);
  });
});
