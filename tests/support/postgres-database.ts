/**
 * One PostgreSQL database per test file. scripts/with-postgres.sh starts one
 * server and names one database in DATABASE_URL; each test file creates its own
 * database beside it and drops it when done. Files then run in parallel without
 * seeing each other's site-wide figures (the CAPTCHA's failure burst, the SMS
 * budget), as each replica set of a real deployment has its own database.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface FileDatabase {
  url: string;
  drop(): Promise<void>;
}

async function onServer<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createFileDatabase(serverUrl: string): Promise<FileDatabase> {
  const name = `t_${process.pid}_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}
