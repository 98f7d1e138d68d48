import type { TextState } from "./text-commands";

/** The spec's editor keeps 20 history entries (§9). */
export const HISTORY_LIMIT = 20;

/** Undo history: the states before the present (oldest first) and those undone after it. */
export interface EditHistory {
  past: TextState[];
  present: TextState;
  future: TextState[];
}

export const startHistory = (present: TextState): EditHistory => ({ past: [], present, future: [] });

/**
 * Records a new present. `merge` replaces the present instead (typing in one
 * burst is one step); either way the redo branch is dropped. At most
 * HISTORY_LIMIT earlier states are kept.
 */
export function record(history: EditHistory, next: TextState, merge = false): EditHistory {
  if (next.text === history.present.text) return { ...history, present: next };
  if (merge) return { past: history.past, present: next, future: [] };
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: next, future: [] };
}

export function undo(history: EditHistory): EditHistory {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo(history: EditHistory): EditHistory {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: next, future: rest };
}
