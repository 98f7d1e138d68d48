/**
 * The store's filters (issue 12 §2) as a pure rule shared by the platform's
 * selector calls and the store page: each field is read on its own, a bad one
 * is reported with a Chinese reason under its own name and left out, so the
 * page can show the error beside the field and the list unfiltered by it.
 */
import { parseYuanToFen } from "./money";

export const STORE_MACHINE_TYPES = ["kvm", "docker", "bare_metal"] as const;
export type StoreMachineType = (typeof STORE_MACHINE_TYPES)[number];

/** The store's default tab. */
export const DEFAULT_STORE_TYPE: StoreMachineType = "docker";

/** The most GPUs a filter may ask one host for. */
export const MAX_GPU_COUNT_FILTER = 64;

/**
 * How the store orders its offers (decision 069): the catalogue's order (region, then model) by default, by list
 * price either way, or most free GPUs first. Every order ends with the catalogue's, so equal offers keep their place.
 */
export const OFFER_SORTS = ["price_asc", "price_desc", "free_desc"] as const;
export type OfferSort = (typeof OFFER_SORTS)[number];

/** The sort's names in the store's select, the default first. */
export const OFFER_SORT_LABELS: [OfferSort | "", string][] = [
  ["", "默认排序"],
  ["price_asc", "价格从低到高"],
  ["price_desc", "价格从高到低"],
  ["free_desc", "空闲GPU最多"],
];

/** A valid filter: absent fields do not filter. Prices are fen per GPU-hour. */
export interface OfferFilter {
  region?: string;
  gpu?: string;
  /** Offers where one host has at least this many free GPUs. */
  gpuCount?: number;
  /** Offers on hosts whose CUDA version is at least this, e.g. "12.2". */
  cuda?: string;
  priceMinFen?: number;
  priceMaxFen?: number;
  /** The order of the offers; the catalogue's when absent. */
  sort?: OfferSort;
}

/** The filter fields as sent (the store's GET form and the selector calls share the names). */
export type OfferFilterFields = Partial<
  Record<"region" | "gpu" | "gpu_count" | "cuda" | "price_min" | "price_max" | "sort", string>
>;

export type OfferFilterErrors = Partial<Record<keyof OfferFilterFields, string>>;

export const OFFER_FILTER_FIELDS = ["region", "gpu", "gpu_count", "cuda", "price_min", "price_max", "sort"] as const;

const CODE = /^[a-z0-9][a-z0-9_-]{0,31}$/;
const CUDA = /^\d{1,2}\.\d{1,2}$/;
const COUNT = /^\d{1,3}$/;

export const FILTER_REASONS = {
  region: "地区不存在",
  gpu: "GPU型号不存在",
  gpu_count: `GPU数量必须是1到${MAX_GPU_COUNT_FILTER}之间的整数`,
  cuda: "CUDA版本格式不正确，如 12.2",
  price: "价格格式不正确，请输入数字，如 1.98",
  priceOrder: "最高价格不能低于最低价格",
  sort: "排序方式不存在",
} as const;

/** Reads a filter; every bad field is left out of `filter` and reported in `errors`. */
export function readOfferFilter(fields: OfferFilterFields): { filter: OfferFilter; errors: OfferFilterErrors } {
  const filter: OfferFilter = {};
  const errors: OfferFilterErrors = {};
  const value = (name: keyof OfferFilterFields) => {
    const v = fields[name];
    return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
  };

  const region = value("region");
  if (region !== undefined) {
    if (CODE.test(region)) filter.region = region;
    else errors.region = FILTER_REASONS.region;
  }
  const gpu = value("gpu");
  if (gpu !== undefined) {
    if (CODE.test(gpu)) filter.gpu = gpu;
    else errors.gpu = FILTER_REASONS.gpu;
  }
  const count = value("gpu_count");
  if (count !== undefined) {
    const n = COUNT.test(count) ? Number(count) : NaN;
    if (Number.isInteger(n) && n >= 1 && n <= MAX_GPU_COUNT_FILTER) filter.gpuCount = n;
    else errors.gpu_count = FILTER_REASONS.gpu_count;
  }
  const cuda = value("cuda");
  if (cuda !== undefined) {
    if (CUDA.test(cuda)) filter.cuda = cuda;
    else errors.cuda = FILTER_REASONS.cuda;
  }
  for (const [name, key] of [
    ["price_min", "priceMinFen"],
    ["price_max", "priceMaxFen"],
  ] as const) {
    const text = value(name);
    if (text === undefined) continue;
    const fen = text.length <= 16 ? parseYuanToFen(text) : null;
    if (fen === null) errors[name] = FILTER_REASONS.price;
    else filter[key] = fen;
  }
  const sort = value("sort");
  if (sort !== undefined) {
    if ((OFFER_SORTS as readonly string[]).includes(sort)) filter.sort = sort as OfferSort;
    else errors.sort = FILTER_REASONS.sort;
  }
  if (filter.priceMinFen !== undefined && filter.priceMaxFen !== undefined && filter.priceMinFen > filter.priceMaxFen) {
    errors.price_max = FILTER_REASONS.priceOrder;
    delete filter.priceMaxFen;
  }
  return { filter, errors };
}

/** The store's tab from the query: one of the three types, else the default. */
export function storeTypeOf(value: string | null | undefined): StoreMachineType {
  return (STORE_MACHINE_TYPES as readonly string[]).includes(value ?? "")
    ? (value as StoreMachineType)
    : DEFAULT_STORE_TYPE;
}

/** Compares CUDA versions ("11.8" < "12.2" < "12.10"); for the page's and tests' use. */
export function compareCuda(a: string, b: string): number {
  const [am = 0, an = 0] = a.split(".").map(Number);
  const [bm = 0, bn = 0] = b.split(".").map(Number);
  return am - bm || an - bn;
}
