import { Jieba } from "@node-rs/jieba";
// With its extension: the package has no "exports" map, so Node's ESM resolver (the production build) needs the file name.
import { dict } from "@node-rs/jieba/dict.js";

/** jieba with its default dictionary, loaded once (about 0.3 s) on first use. */
let jieba: Jieba | undefined;
const segmenter = () => (jieba ??= Jieba.withDict(dict));

/** A word worth indexing or searching: it has a letter, a digit or a CJK character (not punctuation or space). */
const WORDLIKE = /[\p{L}\p{N}]/u;

/**
 * The words of a text, lower-cased, for PostgreSQL's `simple` configuration:
 * Chinese is cut by jieba in search mode (中国科学院 → 中国, 科学, 学院,
 * 科学院, 中国科学院), so a query of any of those words finds it; Latin words
 * and numbers stay whole ("RTX", "4090"). Punctuation is dropped.
 */
export function segmentWords(text: string): string[] {
  return segmenter()
    .cutForSearch(text, true)
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word.length > 0 && WORDLIKE.test(word));
}

/** The words of a text joined by spaces: what `to_tsvector('simple', …)` reads. */
export const segmentedText = (text: string): string => segmentWords(text).join(" ");
