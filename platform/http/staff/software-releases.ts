import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import {
  SOFTWARE_RELEASE_ADD_PATH,
  SOFTWARE_RELEASE_BODY_MAX_BYTES,
  type SoftwareReleaseDeskCalls,
} from "../../contract/software";
import { DomainError } from "../../modules/errors";
import { addSoftwareRelease, listSoftwareReleases, withdrawSoftwareRelease } from "../../modules/software/releases";
import { contractRoutes } from "../api/contract-routes";
import type { Env } from "../context";
import * as f from "../fields";
import { mainApiError } from "../errors-reply";
import { toDeskSoftwareRelease } from "../shapes/software";
import { uploadForm } from "../upload-field";
import { ok, parseFields, readForm, refuseControlCharacters } from "../wire";
import { staffCaller } from "./context";

/**
 * The editors' software release calls (issue 35 §2): add a release with its
 * file (multipart, its own 200 MB body limit, so it is mounted ahead of /staff's
 * 64 KB one), withdraw one, list a tool's releases. Editors and admins only.
 */
export const softwareReleaseUploadApi = new Hono<Env>();

const SoftwareId = z.object({ software_id: f.id("软件编号") });

softwareReleaseUploadApi.post(
  SOFTWARE_RELEASE_ADD_PATH,
  bodyLimit({
    maxSize: SOFTWARE_RELEASE_BODY_MAX_BYTES,
    onError: (c) => mainApiError(c, new DomainError("UPLOAD_TOO_LARGE", "file", "安装包不能超过 200 MB")),
  }),
  async (c) => {
    const staff = await staffCaller(c);
    const { file, fields } = await uploadForm(c);
    const { software_id } = parseFields(SoftwareId, refuseControlCharacters(fields));
    const added = await addSoftwareRelease(c.var.ctx, staff, software_id, {
      fields: { version: fields.version, platform: fields.platform, notes: fields.notes },
      file: { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) },
    });
    return ok(c, toDeskSoftwareRelease(added));
  },
);
softwareReleaseUploadApi.onError((error, c) => mainApiError(c, error));

/** The form-urlencoded release calls, behind /staff's body limit. */
export const softwareReleaseDeskApi = new Hono<Env>();
const on = contractRoutes<SoftwareReleaseDeskCalls>(softwareReleaseDeskApi);

on.post("/software/releases/list", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const { software_id } = parseFields(SoftwareId, form);
  return { releases: (await listSoftwareReleases(c.var.ctx, staff, software_id)).map(toDeskSoftwareRelease) };
});

on.post("/software/releases/withdraw", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  await withdrawSoftwareRelease(c.var.ctx, staff, parseFields(z.object({ id: f.id("版本编号") }), form).id);
  return null;
});
