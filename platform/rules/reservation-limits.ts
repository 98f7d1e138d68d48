/**
 * The bare-metal reservation's limits and status names, without zod, so the
 * store's form and the console list can show them without shipping a schema
 * library to the browser (the schema is rules/reservation-fields.ts).
 */
export const RESERVATION_LIMITS = { machines: { min: 1, max: 100 }, months: { min: 1, max: 36 }, note: 500 } as const;

/** How each status reads in the console. */
export const RESERVATION_STATUS_TEXT = {
  pending: "待确认",
  confirmed: "已确认",
  cancelled: "已取消",
} as const;
