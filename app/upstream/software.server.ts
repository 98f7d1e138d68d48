import {
  SOFTWARE_RELEASE_ADD_PATH,
  SOFTWARE_RELEASE_MAX_FILE_BYTES,
  softwareDownloadApiPath,
  type DeskSoftwareReleaseWire,
  type SoftwareCalls,
  type SoftwarePlatformWire,
  type SoftwareReleaseDeskCalls,
  type SoftwareReleaseWire,
  type SoftwareWire,
} from "../../platform/contract/software";
import type { StaffAuth } from "./desk.server";
import { readReply, refusalOf, staffRequest } from "./desk-files.server";
import { STAFF_SESSION_HEADER } from "../../platform/contract/staff";
import { callApiOrThrow, clientAddressHeaders, sendToPlatform, type Fields } from "./transport.server";

export type { DeskSoftwareReleaseWire, SoftwarePlatformWire, SoftwareReleaseWire, SoftwareWire };
export { SOFTWARE_RELEASE_MAX_FILE_BYTES };

/** The published tools, each with its newest release per platform and its older releases. */
export async function listSoftware(): Promise<SoftwareWire[]> {
  return (await callApiOrThrow<SoftwareCalls["/software/list"]["data"]>("/software/list", {})).Software;
}

/**
 * A release's file as the platform serves it (bytes, type, length,
 * attachment with its name, X-Content-SHA256), for the download route to pass
 * on. An UpstreamError NOT_FOUND (kind "not-found") for a withdrawn release,
 * one of a tool visitors do not see, or an unknown id.
 */
export async function fetchSoftwareRelease(releaseId: number, clientAddress?: string): Promise<Response> {
  const path = softwareDownloadApiPath(releaseId);
  const headers = new Headers(clientAddressHeaders(clientAddress));
  const response = await sendToPlatform(new Request(new URL(path, "http://platform.internal")), headers);
  const json = (response.headers.get("content-type") ?? "").startsWith("application/json");
  if (response.ok && !json) return response;
  throw refusalOf(response, await readReply(response), path);
}

/** What an editor enters for a new release beside its file. */
export interface NewSoftwareRelease {
  softwareId: number;
  version: string;
  platform: string;
  notes: string;
  file: File;
}

/**
 * Adds a release with its file for an editor (desk; editors and admins): the
 * platform checks the file (zip, tar.gz, sh, ps1, exe, dmg or AppImage, at
 * most 200 MB, typed from its bytes), stores it and computes its SHA-256.
 * Throws UpstreamError: PERMISSION_DENIED (kind "forbidden") for other staff,
 * a refusal on field file / version / platform / notes, kind "session" for a
 * dead staff session.
 */
export async function addSoftwareRelease(auth: StaffAuth, input: NewSoftwareRelease): Promise<DeskSoftwareReleaseWire> {
  const body = new FormData();
  body.append("software_id", String(input.softwareId));
  body.append("version", input.version);
  body.append("platform", input.platform);
  body.append("notes", input.notes);
  body.append("file", input.file, input.file.name);
  const [request, headers] = staffRequest(auth, SOFTWARE_RELEASE_ADD_PATH, { method: "POST", body });
  const response = await sendToPlatform(request, headers);
  const reply = await readReply<DeskSoftwareReleaseWire>(response);
  if (response.ok && reply?.status === 0) return reply.data;
  throw refusalOf(response, reply, SOFTWARE_RELEASE_ADD_PATH);
}

function staffReleaseCall<P extends keyof SoftwareReleaseDeskCalls>(
  path: P,
  input: SoftwareReleaseDeskCalls[P]["input"],
  auth: StaffAuth,
): Promise<SoftwareReleaseDeskCalls[P]["data"]> {
  return callApiOrThrow(path, input as Fields, {
    area: "/staff",
    headers: [[STAFF_SESSION_HEADER, auth.token]],
    clientAddress: auth.clientAddress,
  });
}

/** Every release of a tool for the desk, withdrawn ones too, newest first (editors and admins). */
export async function listSoftwareReleases(auth: StaffAuth, softwareId: number): Promise<DeskSoftwareReleaseWire[]> {
  return (await staffReleaseCall("/software/releases/list", { software_id: softwareId }, auth)).releases;
}

/** Withdraws a release (editors and admins): visitors no longer see or download it. Audited by the platform. */
export async function withdrawSoftwareRelease(auth: StaffAuth, releaseId: number): Promise<void> {
  await staffReleaseCall("/software/releases/withdraw", { id: releaseId }, auth);
}
