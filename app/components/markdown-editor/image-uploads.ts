/**
 * Images into the editor, whichever way they come (the toolbar's 上传图片,
 * a paste, a drop): the files checked against the page's limits, a
 * placeholder at the cursor for each while it uploads, then the image's
 * markdown in its place, or the placeholder taken out and the reason shown.
 * Pure functions and one sequence with its effects passed in, so the editor
 * (RichMarkdownEditor.client.tsx, the lazily loaded chunk) only wires them.
 */
import type { EditorMessages } from "./messages";
import { replaceSelection, type TextState } from "./text-commands";
import type { UploadedImage } from "./upload-image";

/** How many images an order takes and how large each (the platform's limits, from the page's loader). */
export interface ImageLimits {
  maxFiles: number;
  maxFileMegabytes: number;
}

/** What the file picker offers; the platform decides the type from the bytes, this only spares a useless upload. */
export const IMAGE_ACCEPT = "image/gif,image/jpeg,image/png,image/svg+xml";
const IMAGE_TYPES = new Set(IMAGE_ACCEPT.split(","));
const IMAGE_NAME = /\.(gif|jpe?g|png|svg)$/i;

/** A gif, jpeg, png or svg by the browser's claim, or by its name when the browser claims nothing. */
export const isImageFile = (file: File) =>
  IMAGE_TYPES.has(file.type) || (file.type === "" && IMAGE_NAME.test(file.name));

type Transfer = Pick<DataTransfer, "files" | "types">;

/** Whether a drag carries files (so the editor takes the drop instead of the browser opening the file). */
export const carriesFiles = (data: Pick<DataTransfer, "types"> | null) =>
  data !== null && Array.from(data.types).includes("Files");

/**
 * The files a paste should upload. A clipboard holding text both as plain text
 * and as HTML beside an image is an office program's copy of text (cells, a
 * paragraph, with a picture of them): that pastes as text, so none. A
 * screenshot, a browser's 复制图片 (image and HTML) or a copied file (file and
 * its name as text) upload.
 */
export function pastedFiles(data: Transfer | null): File[] {
  const files = Array.from(data?.files ?? []);
  if (files.length === 0) return [];
  const types = Array.from(data?.types ?? []);
  return types.includes("text/plain") && types.includes("text/html") ? [] : files;
}

/** The files a drop brings. */
export const droppedFiles = (data: Transfer | null): File[] => Array.from(data?.files ?? []);

/**
 * Splits the files into those to upload and the refusals, in Chinese with the
 * file's name (as the platform words them): not a gif/jpeg/png/svg image,
 * above the size limit, or past the order's file count (`attached`: the
 * images already in the text and those still uploading).
 */
export function screenImages(
  files: File[],
  attached: number,
  limits: ImageLimits | undefined,
  m: EditorMessages,
): { accepted: File[]; refusals: string[] } {
  const accepted: File[] = [];
  const refusals: string[] = [];
  let tooMany = false;
  for (const file of files) {
    if (!isImageFile(file)) refusals.push(m.imageTypeRefused(file.name));
    else if (limits && file.size > limits.maxFileMegabytes * 1024 * 1024)
      refusals.push(m.imageTooLarge(file.name, limits.maxFileMegabytes));
    else if (limits && attached + accepted.length >= limits.maxFiles) tooMany = true;
    else accepted.push(file);
  }
  if (tooMany && limits) refusals.push(m.tooManyImages(limits.maxFiles));
  return { accepted, refusals };
}

/** An image's alt text may not hold brackets or backslashes. */
const altText = (name: string) => name.replace(/[[\]\\]/g, "");

/** The markdown of an uploaded image. */
export const imageMarkdown = (image: UploadedImage) => `![${altText(image.name)}](${image.url})`;

/**
 * One placeholder per file, `![上传中… name]()`, each different from the others
 * and from anything in the text, so each is found again when its upload ends.
 */
export function placeholdersFor(files: File[], text: string, label: string): string[] {
  const taken = new Set<string>();
  return files.map((file) => {
    const base = `${label} ${altText(file.name)}`.trim();
    let candidate = `![${base}]()`;
    for (let n = 2; text.includes(candidate) || taken.has(candidate); n++) candidate = `![${base} (${n})]()`;
    taken.add(candidate);
    return candidate;
  });
}

/** Puts the placeholders at the cursor (over the selection), one a line, the cursor after them. */
export const insertPlaceholders = (state: TextState, placeholders: string[]): TextState =>
  replaceSelection(state, placeholders.join("\n"));

/**
 * Replaces a placeholder with `replacement` ("" takes it out, and the line
 * break that followed it), keeping the cursor where it was in the text around
 * it; the state as it is when the placeholder is gone (the writer deleted it).
 */
export function replacePlaceholder(state: TextState, placeholder: string, replacement: string): TextState {
  const start = state.text.indexOf(placeholder);
  if (start === -1) return state;
  let end = start + placeholder.length;
  if (replacement === "" && state.text[end] === "\n") end += 1;
  const shift = (at: number) =>
    at <= start ? at : at >= end ? at - (end - start) + replacement.length : start + replacement.length;
  return {
    text: state.text.slice(0, start) + replacement + state.text.slice(end),
    selection: { start: shift(state.selection.start), end: shift(state.selection.end) },
  };
}

/** What the sequence needs from the editor. */
export interface ImageUploadHost {
  /** The text and selection now (read again after each await: the writer may have typed). */
  current(): TextState;
  /** Records a text change; `placed` is true for the placeholders (a step the writer took), false for a swap. */
  commit(next: TextState, placed: boolean): void;
  upload(file: File): Promise<UploadedImage>;
  /** The upload is the form's: its id posts with the form (the toolbar's registration, the same for all three ways). */
  register(image: UploadedImage): void;
  status(message: string): void;
}

/**
 * Uploads the files one after another as described at the top; answers the
 * images that made it into the text. Refusals, failures and progress go to
 * `host.status`, which is empty at the end when all went well.
 */
export async function uploadImages(
  files: File[],
  host: ImageUploadHost,
  options: { attached: number; limits: ImageLimits | undefined; messages: EditorMessages },
): Promise<UploadedImage[]> {
  const m = options.messages;
  const { accepted, refusals } = screenImages(files, options.attached, options.limits, m);
  const problems = [...refusals];
  const placed: UploadedImage[] = [];
  if (accepted.length > 0) {
    const placeholders = placeholdersFor(accepted, host.current().text, m.uploadPlaceholder);
    host.commit(insertPlaceholders(host.current(), placeholders), true);
    for (const [i, file] of accepted.entries()) {
      const placeholder = placeholders[i]!;
      host.status(`${m.uploading} ${file.name}`);
      try {
        const image = await host.upload(file);
        const now = host.current();
        const next = replacePlaceholder(now, placeholder, imageMarkdown(image));
        if (next === now) continue; // The placeholder was deleted meanwhile: the writer did not want it.
        host.commit(next, false);
        host.register(image);
        placed.push(image);
      } catch (error) {
        host.commit(replacePlaceholder(host.current(), placeholder, ""), false);
        problems.push(`${m.uploadFailed}：${(error as Error).message}`);
      }
    }
  }
  host.status(problems.join("；"));
  return placed;
}
