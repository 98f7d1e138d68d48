/**
 * The finance pages' GET filter forms, read from the query string: what the
 * page lists, what the export exports, and the errors to show beside the
 * fields. The rules (dates, range bound) are the platform's own
 * (platform/rules/finance.ts), so the page refuses what the platform would.
 */
import { z } from "zod";
import {
  addDays,
  dateRangeFields,
  daysInRange,
  ENTRY_KINDS,
  MAX_RANGE_DAYS,
  ORDER_KINDS,
  ORDER_STATUSES,
  shanghaiDate,
  type EntryKindCode,
  type OrderKindCode,
  type OrderStatusCode,
} from "../../platform/rules/finance";
import { pageNumber } from "./page-number";

/** Entries per page of the expense detail. */
export const EXPENSE_PAGE_SIZE = 20;

export type FieldErrors = Record<string, string>;

const blankAsUndefined = (v: unknown) => (v === "" ? undefined : v);

function readQuery(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!(key in out)) out[key] = value.slice(0, 64);
  return out;
}

function dates(query: Record<string, string>): { start_date?: string; end_date?: string; errors: FieldErrors } {
  const parsed = dateRangeFields.safeParse({ start_date: query.start_date, end_date: query.end_date });
  if (parsed.success) return { ...parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { errors };
}

export interface ExpenseQuery {
  kind?: EntryKindCode;
  start_date?: string;
  end_date?: string;
  page: number;
  /** The raw values, to put back into the form. */
  values: Record<string, string>;
  errors: FieldErrors;
}

/** The expense detail's filters: kind and date range. */
export function expenseQuery(url: URL): ExpenseQuery {
  const query = readQuery(url);
  const kind = z.preprocess(blankAsUndefined, z.enum(ENTRY_KINDS).optional()).safeParse(query.kind);
  const range = dates(query);
  const errors = { ...range.errors, ...(kind.success ? {} : { kind: "变动类型不正确" }) };
  return {
    kind: kind.success ? kind.data : undefined,
    start_date: range.start_date,
    end_date: range.end_date,
    page: pageNumber().parse(query.page),
    values: { kind: query.kind ?? "", start_date: query.start_date ?? "", end_date: query.end_date ?? "" },
    errors,
  };
}

export interface OrdersQuery {
  kind?: OrderKindCode;
  status?: OrderStatusCode;
  start_date?: string;
  end_date?: string;
  page: number;
  values: Record<string, string>;
  errors: FieldErrors;
}

/** The orders page's filters: kind, status and date range. */
export function ordersQuery(url: URL): OrdersQuery {
  const query = readQuery(url);
  const kind = z.preprocess(blankAsUndefined, z.enum(ORDER_KINDS).optional()).safeParse(query.kind);
  const status = z.preprocess(blankAsUndefined, z.enum(ORDER_STATUSES).optional()).safeParse(query.status);
  const range = dates(query);
  return {
    kind: kind.success ? kind.data : undefined,
    status: status.success ? status.data : undefined,
    start_date: range.start_date,
    end_date: range.end_date,
    page: pageNumber().parse(query.page),
    values: {
      kind: query.kind ?? "",
      status: query.status ?? "",
      start_date: query.start_date ?? "",
      end_date: query.end_date ?? "",
    },
    errors: {
      ...range.errors,
      ...(kind.success ? {} : { kind: "订单类型不正确" }),
      ...(status.success ? {} : { status: "订单状态不正确" }),
    },
  };
}

/** The chart's days: the chosen range, or the 30 days up to the chosen end (today when none). */
export function chartRange(query: { start_date?: string; end_date?: string }, now: Date): { from: string; to: string } {
  const to = query.end_date ?? (query.start_date ? maxDate(query.start_date, shanghaiDate(now)) : shanghaiDate(now));
  const from = query.start_date ?? addDays(to, -29);
  // A start long before today, without an end: the chart keeps to the last MAX_RANGE_DAYS.
  return { from: daysInRange(from, to) > MAX_RANGE_DAYS ? addDays(to, 1 - MAX_RANGE_DAYS) : from, to };
}

const maxDate = (a: string, b: string) => (a > b ? a : b);

/** The page's URL with `values` as its query (empty values left out) and `page`. */
export function withQuery(path: string, values: Record<string, string>, page?: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  if (page && page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
