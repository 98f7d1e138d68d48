import { bigserial, timestamp } from "drizzle-orm/pg-core";

/** The column shapes every table file uses: a bigserial primary key, and an instant (timestamptz as a Date). */
export const id = () => bigserial("id", { mode: "number" }).primaryKey();
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
