/**
 * Snippets of search results (decision 074): built here from the entry's plain
 * text, never from HTML, as segments the page marks itself.
 */

export interface Segment {
  text: string;
  hit: boolean;
}

/** The length of a snippet, in UTF-16 units: about 80 characters around the first matched words. */
export const SNIPPET_LENGTH = 80;
/** How much text comes before the first matched word. */
const LEAD = 20;
const ELLIPSIS = "…";

const ASCII_WORD = /^[a-z0-9]+$/i;
/** A Latin word (with a letter, 2+ characters) matches as a prefix: jupyter finds JupyterLab; numbers only whole. */
export const isPrefixWord = (word: string): boolean => /^(?=.*[a-z])[a-z0-9]{2,}$/i.test(word);
const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

/**
 * One pattern for all the words, longest first (so 中国科学院 wins over 中国 at the
 * same place), case-insensitive, as the index matches them: a Latin word from
 * its start (jupyter marks all of JupyterLab, never the "ssh" inside "openssh"),
 * a number whole ("4090" not inside "40900").
 */
function wordsPattern(words: readonly string[]): RegExp | null {
  const unique = [...new Set(words.filter((w) => w.length > 0))].sort((a, b) => b.length - a.length);
  if (unique.length === 0) return null;
  const parts = unique.map((w) =>
    isPrefixWord(w)
      ? `(?<![a-z0-9])${escapeRegExp(w)}[a-z0-9]*`
      : ASCII_WORD.test(w)
        ? `(?<![a-z0-9])${escapeRegExp(w)}(?![a-z0-9])`
        : escapeRegExp(w),
  );
  return new RegExp(parts.join("|"), "giu");
}

interface Range {
  start: number;
  end: number;
}

function matchRanges(text: string, pattern: RegExp | null): Range[] {
  if (!pattern) return [];
  const ranges: Range[] = [];
  for (const match of text.matchAll(pattern)) {
    if (match[0].length === 0) continue;
    ranges.push({ start: match.index, end: match.index + match[0].length });
  }
  return ranges;
}

/** `text` cut into segments, the ranges marked; neighbours of the same kind joined. */
function segmentsOf(text: string, ranges: readonly Range[], from = 0, to = text.length): Segment[] {
  const out: Segment[] = [];
  const push = (piece: string, hit: boolean) => {
    if (piece.length > 0) out.push({ text: piece, hit });
  };
  let at = from;
  for (const range of ranges) {
    if (range.end <= from || range.start >= to) continue;
    push(text.slice(at, range.start), false);
    push(text.slice(range.start, range.end), true);
    at = range.end;
  }
  push(text.slice(at, to), false);
  return joinPlain(out);
}

/** A cut that never splits a surrogate pair (an emoji, a rare CJK character). */
function safeCut(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return at > 0 && at < text.length && code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}

/** A short text (a title) with its matched words marked. */
export function markedSegments(text: string, words: readonly string[]): Segment[] {
  return segmentsOf(text, matchRanges(text, wordsPattern(words)));
}

/** The start (a little before a match) whose window holds the most different matched words; the earliest wins ties. */
function bestStart(text: string, ranges: readonly Range[], length: number): number {
  let best = 0;
  let bestCount = 0;
  for (const candidate of ranges) {
    const start = Math.max(0, candidate.start - LEAD);
    const words = new Set(
      ranges
        .filter((r) => r.start >= start && r.end <= start + length)
        .map((r) => text.slice(r.start, r.end).toLowerCase()),
    );
    if (words.size > bestCount) {
      best = start;
      bestCount = words.size;
    }
  }
  return best;
}

const ALNUM = /[A-Za-z0-9]/;
/** Inside a Latin word or a number (a cut there would show "4 GB" for "24 GB"). */
const insideWord = (text: string, at: number) =>
  at > 0 && at < text.length && ALNUM.test(text[at - 1]!) && ALNUM.test(text[at]!);

/**
 * About SNIPPET_LENGTH characters of `plainText` (its lines joined by spaces)
 * from a little before the matched words (where the most different ones are
 * close together), the matched words marked, "…" where the text is cut. No
 * match in the text (the title matched): its start.
 */
export function snippetOf(plainText: string, words: readonly string[], length = SNIPPET_LENGTH): Segment[] {
  const text = plainText.replace(/\s+/g, " ").trim();
  const ranges = matchRanges(text, wordsPattern(words));
  let start = bestStart(text, ranges, length);
  let end = Math.min(text.length, start + length);
  // A short tail: show more of what comes before instead.
  if (end - start < length) start = Math.max(0, end - length);
  // Never cut a matched word, a Latin word or a number in two.
  for (const range of ranges) {
    if (range.start < start && range.end > start) start = range.start;
    if (range.start < end && range.end > end) end = range.end;
  }
  while (insideWord(text, start) || (start > 0 && text[start] === " ")) start++;
  while (insideWord(text, end)) end--;
  start = safeCut(text, start);
  end = safeCut(text, end);
  const segments = segmentsOf(text, ranges, start, end);
  if (start > 0) segments.unshift({ text: ELLIPSIS, hit: false });
  if (end < text.length) segments.push({ text: ELLIPSIS, hit: false });
  return joinPlain(segments);
}

/** Neighbouring unmarked segments as one. */
function joinPlain(segments: readonly Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const s of segments) {
    const last = out.at(-1);
    if (last && !last.hit && !s.hit) last.text += s.text;
    else out.push({ ...s });
  }
  return out;
}
