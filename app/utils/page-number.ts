import { z } from "zod";

/**
 * A list's `?page=` as the pages read it: a whole number from 1 to `max`; anything else (missing, text, 0, a
 * fraction, too large) is the first page, never an error: a page number is a link's, not a field a user types.
 */
export const pageNumber = (max = 10_000) => z.coerce.number().int().min(1).max(max).catch(1);

/** The `?page=` of the request, read as pageNumber. */
export const pageOf = (request: Request, max?: number): number =>
  pageNumber(max).parse(new URL(request.url).searchParams.get("page"));
