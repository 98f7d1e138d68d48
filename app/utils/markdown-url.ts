const DATA_IMAGE = /^data:image\/(gif|png|jpeg|webp);/i;
const REJECTED = /^(javascript|vbscript|file|data):/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** "//host", "\\host", "/\host": browsers read all of them as another host. */
const OTHER_HOST = /^[\\/]{2}/;

/** A URL as a browser reads its scheme: without whitespace and control characters. */
const squeezed = (url: string) => url.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");

/**
 * Spec §5: vbscript:, javascript:, file: and data: URLs are refused, except
 * data: images of gif, png, jpeg or webp. Whitespace and control characters
 * that browsers ignore inside a scheme are removed before checking.
 */
export function safeMarkdownUrl(url: string): string {
  const normalized = squeezed(url);
  if (DATA_IMAGE.test(normalized)) return url;
  if (REJECTED.test(normalized)) return "";
  return url;
}

/**
 * Whether an image at `url` comes from this site: a path (the upload routes,
 * the site's own files) or a data: image of gif, png, jpeg or webp. Any other
 * scheme, and a protocol-relative "//host/…", is another site's: an image
 * there would tell it who read the text and when (issue 33 §2).
 */
export function isSiteImageUrl(url: string): boolean {
  const normalized = squeezed(url);
  if (DATA_IMAGE.test(normalized)) return true;
  return !SCHEME.test(normalized) && !OTHER_HOST.test(normalized);
}
