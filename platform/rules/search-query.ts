/**
 * The search box's rules (issue 35 §1, decision 074), shared by the platform's
 * /api/search and the /docs/search page. Pure: no I/O.
 */
import { z } from "zod";
import { ILLEGAL_CHARACTERS, SINGLE_LINE_SAFE } from "./fields";

export const SEARCH_QUERY_MAX = 100;
export const SEARCH_PAGE_SIZE = 10;
/** Results beyond this page are not shown: a query that broad should be narrowed. */
export const SEARCH_PAGES_MAX = 50;

/** The label of each source (the contract's SearchSourceWire), in the order of the page's filter. */
export const SEARCH_SOURCE_LABELS = {
  doc: "文档",
  dataset: "数据集",
  software: "软件",
  model: "模型",
  work_order_doc: "工单帮助",
} as const;

export type SearchSourceName = keyof typeof SEARCH_SOURCE_LABELS;

export const SEARCH_SOURCE_VALUES = Object.keys(SEARCH_SOURCE_LABELS) as SearchSourceName[];

/** The query: 1–100 characters once trimmed, one line, no control characters. */
export const searchQuery = z
  .string({ required_error: "请输入搜索词", invalid_type_error: "搜索词格式不正确" })
  .trim()
  .min(1, "请输入搜索词")
  .max(SEARCH_QUERY_MAX, `搜索词不能超过 ${SEARCH_QUERY_MAX} 个字`)
  .regex(SINGLE_LINE_SAFE, `搜索词${ILLEGAL_CHARACTERS}`);

/** An optional source filter; "" (the form's 全部) means none. */
export const searchSource = z
  .union([z.enum(SEARCH_SOURCE_VALUES as [SearchSourceName, ...SearchSourceName[]]), z.literal("")], {
    errorMap: () => ({ message: "搜索范围不正确" }),
  })
  .optional()
  .transform((v) => (v ? v : undefined));

/** The message when a query has no letter, digit or Chinese character to search for (only punctuation). */
export const SEARCH_NO_WORDS = "请输入要搜索的文字或数字";
