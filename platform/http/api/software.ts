import { Hono } from "hono";
import type { SoftwareCalls } from "../../contract/software";
import { servedFileHeaders } from "../../contract/uploads";
import { fail } from "../../modules/errors";
import { listPublishedSoftware, readReleaseDownload } from "../../modules/software/read";
import type { Env } from "../context";
import { toSoftware } from "../shapes/software";
import { contractRoutes } from "./contract-routes";

/** Software downloads (issue 35 §1): the published tools with their releases, and a release's file. No session. */
export const softwareApi = new Hono<Env>();
const on = contractRoutes<SoftwareCalls>(softwareApi);

on.post("/software/list", async (c) => ({ Software: (await listPublishedSoftware(c.var.ctx)).map(toSoftware) }));

/** softwareDownloadApiPath: the file itself, or NOT_FOUND for anything visitors may not download. */
softwareApi.get("/software/download/:id", async (c) => {
  const raw = c.req.param("id");
  if (!/^[1-9]\d{0,15}$/.test(raw)) return fail("NOT_FOUND", "id", "没有这个版本");
  const file = await readReleaseDownload(c.var.ctx, Number(raw));
  // Served as the work orders' files are: exact length, attachment with its name, nosniff, a sandboxing CSP.
  const headers = servedFileHeaders({ mime: file.mime, name: file.name, size: file.bytes.byteLength });
  return new Response(file.bytes, { status: 200, headers: { ...headers, "x-content-sha256": file.sha256 } });
});
