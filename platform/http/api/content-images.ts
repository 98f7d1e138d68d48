import { Hono } from "hono";
import { readContentImage } from "../../modules/content/images";
import { DomainError } from "../../modules/errors";
import { servedFileHeaders } from "../../contract/uploads";
import type { Env } from "../context";
import { mainApiError } from "../errors-reply";

/**
 * GET /api/content/images/:id, public: a doc image's bytes with the stored
 * type, nosniff and the sandboxing CSP of every served file (SVG as a
 * download, so it never runs as a page). The web tier's /content-images/:id
 * passes it on with its long public caching.
 */
export const contentImagesApi = new Hono<Env>();

contentImagesApi.get("/content/images/:id", async (c) => {
  const id = /^[1-9]\d{0,15}$/.test(c.req.param("id")) ? Number(c.req.param("id")) : 0;
  try {
    const image = await readContentImage(c.var.ctx, id);
    return new Response(image.bytes, { status: 200, headers: servedFileHeaders(image) });
  } catch (error) {
    if (error instanceof DomainError && error.key === "NOT_FOUND") return mainApiError(c, error, 404);
    throw error;
  }
});
