/**
 * The URL name of public content (docs, datasets, software, models; decision
 * 072): lower-case letters, digits and single hyphens, at most 64 characters
 * (the tables' check). Pure, so a page can tell a name that cannot exist from
 * one the platform has to look up.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_MAX = 64;

/** Whether `text` can be a content item's URL name. */
export function isContentSlug(text: string): boolean {
  return text.length <= SLUG_MAX && SLUG_PATTERN.test(text);
}
