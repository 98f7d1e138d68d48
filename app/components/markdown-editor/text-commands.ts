/**
 * The editor toolbar's text changes, as pure functions of the text and the
 * selection: each returns the new text and what to select afterwards. The
 * editor (RichMarkdownEditor.client.tsx) applies them to its textarea.
 */
export interface Selection {
  start: number;
  end: number;
}
export interface TextState {
  text: string;
  selection: Selection;
}
export type TextCommand = (state: TextState) => TextState;

const selected = ({ text, selection }: TextState) => text.slice(selection.start, selection.end);

/**
 * Puts `before` and `after` around the selection; when they are there already
 * (inside or just outside the selection), takes them away instead.
 */
export const wrap =
  (before: string, after: string = before): TextCommand =>
  (state) => {
    const { text, selection } = state;
    const inner = selected(state);
    if (inner.length >= before.length + after.length && inner.startsWith(before) && inner.endsWith(after)) {
      const unwrapped = inner.slice(before.length, inner.length - after.length);
      return {
        text: text.slice(0, selection.start) + unwrapped + text.slice(selection.end),
        selection: { start: selection.start, end: selection.start + unwrapped.length },
      };
    }
    const outerStart = selection.start - before.length;
    if (
      outerStart >= 0 &&
      text.slice(outerStart, selection.start) === before &&
      text.slice(selection.end, selection.end + after.length) === after
    ) {
      return {
        text: text.slice(0, outerStart) + inner + text.slice(selection.end + after.length),
        selection: { start: outerStart, end: outerStart + inner.length },
      };
    }
    return {
      text: text.slice(0, selection.start) + before + inner + after + text.slice(selection.end),
      selection: { start: selection.start + before.length, end: selection.end + before.length },
    };
  };

/** The start of the line holding `index` and the end of the line holding `end`. */
function lineBounds(text: string, { start, end }: Selection): Selection {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const next = text.indexOf("\n", end > start && text[end - 1] === "\n" ? end - 1 : end);
  return { start: lineStart, end: next === -1 ? text.length : next };
}

/** Replaces whole lines of the selection with what `change` makes of them, selecting the result. */
function mapLines(state: TextState, change: (lines: string[]) => string[]): TextState {
  const bounds = lineBounds(state.text, state.selection);
  const block = change(state.text.slice(bounds.start, bounds.end).split("\n")).join("\n");
  return {
    text: state.text.slice(0, bounds.start) + block + state.text.slice(bounds.end),
    selection: { start: bounds.start, end: bounds.start + block.length },
  };
}

const HEADING = /^#{1,6}\s+/;

/** Makes the selected lines headings of `level` (1–6); the same level again makes them plain lines. */
export const heading =
  (level: 1 | 2 | 3 | 4 | 5 | 6): TextCommand =>
  (state) => {
    const marker = `${"#".repeat(level)} `;
    return mapLines(state, (lines) => {
      const all = lines.every((line) => line.startsWith(marker) && !line.startsWith(`${marker.trim()}#`));
      return lines.map((line) => (all ? line.slice(marker.length) : marker + line.replace(HEADING, "")));
    });
  };

/** Starts each selected line with `prefix` (quote, bullet), or takes it away when every line has it. */
export const prefixLines =
  (prefix: string): TextCommand =>
  (state) =>
    mapLines(state, (lines) => {
      const all = lines.every((line) => line.startsWith(prefix));
      return lines.map((line) => (all ? line.slice(prefix.length) : prefix + line));
    });

const NUMBERED = /^\d+\.\s/;

/** Numbers the selected lines 1., 2., 3. …, or takes the numbers away when every line has one. */
export const orderedList: TextCommand = (state) =>
  mapLines(state, (lines) => {
    const all = lines.every((line) => NUMBERED.test(line));
    return lines.map((line, i) => (all ? line.replace(NUMBERED, "") : `${i + 1}. ${line}`));
  });

export const quote = prefixLines("> ");
export const unorderedList = prefixLines("- ");
export const bold = wrap("**");
export const italic = wrap("*");
export const strikethrough = wrap("~~");
export const underline = wrap("<u>", "</u>");
export const mark = wrap("<mark>", "</mark>");
export const superscript = wrap("<sup>", "</sup>");
export const subscript = wrap("<sub>", "</sub>");

/** Inserts `block` on lines of its own in place of the selection, selecting `select` inside it. */
function insertBlock(state: TextState, block: string, select: Selection): TextState {
  const { text, selection } = state;
  const before = text.slice(0, selection.start);
  const after = text.slice(selection.end);
  const lead = before === "" || before.endsWith("\n") ? "" : "\n";
  const tail = after === "" || after.startsWith("\n") ? "" : "\n";
  const at = selection.start + lead.length;
  return {
    text: before + lead + block + tail + after,
    selection: { start: at + select.start, end: at + select.end },
  };
}

/** A fenced code block around the selection. */
export const codeBlock: TextCommand = (state) => {
  const inner = selected(state);
  return insertBlock(state, `\`\`\`\n${inner}\n\`\`\``, { start: 4, end: 4 + inner.length });
};

/** A two-column table, its first header cell selected. */
export const table =
  (header1: string, header2: string): TextCommand =>
  (state) =>
    insertBlock(state, `| ${header1} | ${header2} |\n| --- | --- |\n|  |  |`, {
      start: 2,
      end: 2 + header1.length,
    });

export type Alignment = "left" | "center" | "right";

/** Aligns the selected lines with an HTML paragraph (the allow-list keeps `align`). */
export const align =
  (alignment: Alignment): TextCommand =>
  (state) =>
    mapLines(state, (lines) => {
      const body = lines.join("\n").replace(/^<p align="(?:left|center|right)">([\s\S]*)<\/p>$/, "$1");
      return [`<p align="${alignment}">${body}</p>`];
    });

/** Empties the text. */
export const clear: TextCommand = () => ({ text: "", selection: { start: 0, end: 0 } });

/** A link's text may not hold unbalanced brackets; its address may not hold spaces or parentheses. */
const linkText = (description: string) => description.replace(/[[\]\\]/g, (c) => `\\${c}`);
const linkAddress = (address: string) =>
  address.trim().replace(/[\s()<>]/g, (c) => encodeURIComponent(c).replace("(", "%28").replace(")", "%29"));

/** Replaces the selection with a link `[description](address)`. */
export const link =
  (description: string, address: string): TextCommand =>
  (state) =>
    replaceSelection(state, `[${linkText(description)}](${linkAddress(address)})`);

/** Replaces the selection with an image `![description](address)`. */
export const image =
  (description: string, address: string): TextCommand =>
  (state) =>
    replaceSelection(state, `![${linkText(description)}](${linkAddress(address)})`);

/** Replaces the selection with `insert`, the cursor after it. */
export function replaceSelection({ text, selection }: TextState, insert: string): TextState {
  const at = selection.start + insert.length;
  return {
    text: text.slice(0, selection.start) + insert + text.slice(selection.end),
    selection: { start: at, end: at },
  };
}

const IMAGE = /!\[(?:\\.|[^\]\\])*\]\(([^)\s]*)(?:\s+"[^"]*")?\)/g;

/**
 * Removes the image markdown at the cursor (or touching the selection) and
 * says which address it had; the text stays as it is when there is none.
 */
export function removeImageAt(state: TextState): TextState & { removedUrl: string | null } {
  for (const m of state.text.matchAll(IMAGE)) {
    const start = m.index;
    const end = start + m[0].length;
    if (state.selection.start <= end && state.selection.end >= start) {
      return {
        text: state.text.slice(0, start) + state.text.slice(end),
        selection: { start, end: start },
        removedUrl: m[1] ?? "",
      };
    }
  }
  return { ...state, removedUrl: null };
}

/** Removes every image with this address (an upload being taken away). */
export function removeImagesByUrl(state: TextState, url: string): TextState {
  let text = state.text;
  let cursor = state.selection.start;
  for (const m of [...state.text.matchAll(IMAGE)].reverse()) {
    if (m[1] !== url) continue;
    text = text.slice(0, m.index) + text.slice(m.index + m[0].length);
    if (cursor > m.index) cursor = Math.max(m.index, cursor - m[0].length);
  }
  return { text, selection: { start: cursor, end: cursor } };
}

export interface HeadingEntry {
  level: number;
  title: string;
  /** Where the heading's line starts in the text. */
  offset: number;
}

/** The headings of the text, outside code blocks: the navigation panel's table of contents. */
export function headingsOf(text: string): HeadingEntry[] {
  const found: HeadingEntry[] = [];
  let offset = 0;
  let fence: string | null = null;
  for (const line of text.split("\n")) {
    const fenceMark = line.match(/^\s{0,3}(`{3,}|~{3,})/)?.[1];
    if (fenceMark && (fence === null || fenceMark.startsWith(fence))) fence = fence === null ? fenceMark : null;
    else if (fence === null) {
      const m = line.match(/^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/);
      if (m && m[2]) found.push({ level: m[1]!.length, title: m[2], offset });
    }
    offset += line.length + 1;
  }
  return found;
}

/** The addresses of the images in the text (which uploads the text still uses). */
export function imageUrlsOf(text: string): Set<string> {
  return new Set([...text.matchAll(IMAGE)].map((m) => m[1] ?? ""));
}
