/** Editor drafts in the browser's local storage, one per page (the `draftKey` the page gives). */
export interface Draft {
  text: string;
  savedAt: number;
}

/** The spec's editor saves 500 ms after typing stops (§9). */
export const DRAFT_DELAY_MS = 500;

export const draftStorageKey = (draftKey: string) => `markdown-draft:${draftKey}`;

export function readDraft(draftKey: string): Draft | null {
  try {
    const raw = window.localStorage.getItem(draftStorageKey(draftKey));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<Draft>;
    return typeof draft.text === "string" && typeof draft.savedAt === "number"
      ? { text: draft.text, savedAt: draft.savedAt }
      : null;
  } catch {
    // Storage off (private mode, a full quota) or a broken entry: no draft.
    return null;
  }
}

export function writeDraft(draftKey: string, text: string): boolean {
  try {
    window.localStorage.setItem(draftStorageKey(draftKey), JSON.stringify({ text, savedAt: Date.now() }));
    return true;
  } catch {
    return false;
  }
}

export function removeDraft(draftKey: string): void {
  try {
    window.localStorage.removeItem(draftStorageKey(draftKey));
  } catch {
    // Nothing stored, nothing to remove.
  }
}
