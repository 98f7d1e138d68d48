/**
 * One PostgreSQL database per test file. scripts/with-postgres.sh starts one
 * server and names one database in DATABASE_URL; each test file creates its own
 * database beside it and drops it when done. Files then run in parallel without
 * seeing each other's site-wide figures (the CAPTCHA's failure burst, the SMS
 * budget), as each replica set of a real deployment has its own database.
 *
 * The vitest global setup migrates one template database per run
 * (database-template.global.ts, decision 120); a file's database is a copy of it.
 * Databases are created and dropped from the server's `postgres` database: no
 * session may be connected to a template while it is copied.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface FileDatabase {
  url: string;
  drop(): Promise<void>;
}

/** The same server, another database. */
function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, "postgres") });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const dropDatabase = (serverUrl: string, name: string) =>
  onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {});

/** `template`: the migrated database to copy (the run's template); none: an empty database. */
export async function createFileDatabase(serverUrl: string, template?: string | null): Promise<FileDatabase> {
  const name = `t_${process.pid}_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`));
  return { url: databaseUrl(serverUrl, name), drop: () => dropDatabase(serverUrl, name) };
}

/** Creates the run's template database and lets `prepare` migrate it (through its URL, closed afterwards). */
export async function createTemplateDatabase(
  serverUrl: string,
  prepare: (url: string) => Promise<void>,
): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `${new URL(serverUrl).pathname.slice(1) || "platform"}_template`;
  await dropDatabase(serverUrl, name);
  await onServer(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  await prepare(databaseUrl(serverUrl, name));
  return { name, drop: () => dropDatabase(serverUrl, name) };
}
