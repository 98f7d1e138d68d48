const DATA_IMAGE = /^data:image\/(gif|png|jpeg|webp);/i;
const REJECTED = /^(javascript|vbscript|file|data):/i;

/**
 * Spec §5: vbscript:, javascript:, file: and data: URLs are refused, except
 * data: images of gif, png, jpeg or webp. Whitespace and control characters
 * that browsers ignore inside a scheme are removed before checking.
 */
export function safeMarkdownUrl(url: string): string {
  const normalized = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  if (DATA_IMAGE.test(normalized)) return url;
  if (REJECTED.test(normalized)) return "";
  return url;
}
