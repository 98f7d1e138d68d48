/** What the sub-accounts page's action answers one of its forms (app/utils/action.server.ts ActionResult, serialised). */
export interface SubAccountFormResult {
  intent: string;
  notice: string | null;
  fieldErrors: Record<string, string | undefined>;
  formError: string | null;
  values: Record<string, string>;
}

/** The result when it answers `intent` for the sub-account `id` (each row shows only its own). */
export function resultForRow(
  result: SubAccountFormResult | undefined,
  intent: string,
  id: number,
): SubAccountFormResult | null {
  return result && result.intent === intent && result.values.id === String(id) ? result : null;
}
