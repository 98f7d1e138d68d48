import { Hono } from "hono";
import type { SoftwareCalls } from "../../contract/software";
import { servedFileHeaders } from "../../contract/uploads";
import { DomainError, fail } from "../../modules/errors";
import { listPublishedSoftware, readReleaseDownload } from "../../modules/software/read";
import type { Env } from "../context";
import { mainApiError } from "../errors-reply";
import { toSoftware } from "../shapes/software";
import { contractRoutes } from "./contract-routes";

/** Software downloads (issue 35 §1): the published tools with their releases, and a release's file. No session. */
export const softwareApi = new Hono<Env>();
const on = contractRoutes<SoftwareCalls>(softwareApi);

on.post("/software/list", async (c) => ({ Software: (await listPublishedSoftware(c.var.ctx)).map(toSoftware) }));

/** softwareDownloadApiPath: the file itself, or NOT_FOUND for anything visitors may not download. */
softwareApi.get("/software/download/:id", async (c) => {
  const raw = c.req.param("id");
  let file: Awaited<ReturnType<typeof readReleaseDownload>>;
  try {
    if (!/^[1-9]\d{0,15}$/.test(raw)) fail("NOT_FOUND", "id", "没有这个版本");
    file = await readReleaseDownload(c.var.ctx, Number(raw));
  } catch (error) {
    // Not an envelope call: a file that is not there is an HTTP 404, as the work orders' file read answers.
    if (error instanceof DomainError && error.key === "NOT_FOUND") return mainApiError(c, error, 404);
    throw error;
  }
  // Served as the work orders' files are: exact length, attachment with its name, nosniff, a sandboxing CSP.
  const headers = servedFileHeaders({ mime: file.mime, name: file.name, size: file.bytes.byteLength });
  return new Response(file.bytes, { status: 200, headers: { ...headers, "x-content-sha256": file.sha256 } });
});
