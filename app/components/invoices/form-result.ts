/** What the invoice page's action answers one of its forms (app/utils/action.server.ts ActionResult, serialised). */
export interface InvoiceFormResult {
  intent: string;
  notice: string | null;
  fieldErrors: Record<string, string | undefined>;
  formError: string | null;
  values: Record<string, string>;
}

/** The result when it answers `intent` (for the title `id` when given: each title's form shows only its own). */
export function resultFor(
  result: InvoiceFormResult | undefined,
  intent: string,
  id?: number,
): InvoiceFormResult | null {
  if (!result || result.intent !== intent) return null;
  return id === undefined || result.values.id === String(id) ? result : null;
}
