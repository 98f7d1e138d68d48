/**
 * The markdown field's height in CSS pixels, toolbar included: the rich editor's, and the plain textarea's that
 * the server sends and a browser without JavaScript keeps. The same figure for both, so the editor takes the
 * textarea's place without moving what is below it.
 */
export const EDITOR_HEIGHT = 360;

/** The toolbar commands a phone shows in its one row (the rest behind 更多工具). */
export const PHONE_TOOLS: ReadonlySet<string> = new Set([
  "bold",
  "italic",
  "unordered-list",
  "link",
  "upload-image",
  "undo",
  "redo",
]);
