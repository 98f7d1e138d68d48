/**
 * Software downloads on the wire (issue 35 §1, /software): the published tools
 * with their releases, the download of one release, and the editors' release
 * calls under /staff (add with the file, withdraw, list). Sizes are bytes,
 * SHA-256 lower-case hex, times ISO 8601.
 */
import type { MainApiCall } from "./calls";

export type SoftwarePlatformWire = "windows" | "macos" | "linux" | "any";

export type SoftwareReleaseWire = {
  Id: number;
  Version: string;
  Platform: SoftwarePlatformWire;
  /** Markdown release notes. */
  Notes: string;
  ReleasedAt: string;
  FileName: string;
  SizeBytes: number;
  Sha256: string;
};

/** A published tool: the newest release per platform, and the older ones (newest first). Withdrawn releases are absent. */
export type SoftwareWire = {
  Slug: string;
  Name: string;
  Summary: string;
  /** Markdown. */
  Body: string;
  Latest: SoftwareReleaseWire[];
  Older: SoftwareReleaseWire[];
};

export type SoftwareCalls = {
  "/software/list": MainApiCall<Record<string, never>, { Software: SoftwareWire[] }>;
};

/**
 * GET: a release's file as itself (not an envelope): its type, exact length,
 * `Content-Disposition: attachment` with its name, and `X-Content-SHA256`. A
 * withdrawn release, one of a tool visitors do not see, or an unknown id:
 * the main API's NOT_FOUND (404).
 */
export const softwareDownloadApiPath = (releaseId: number) => `/api/software/download/${releaseId}`;

/** A release as the desk lists it (snake_case like the desk's other calls): withdrawn ones too. */
export type DeskSoftwareReleaseWire = {
  id: number;
  version: string;
  platform: SoftwarePlatformWire;
  notes: string;
  released_at: string;
  withdrawn_at: string | null;
  file_name: string;
  size_bytes: number;
  sha256: string;
  /** The staff member who added it; null for the seed's. */
  added_by: string | null;
};

/**
 * POST under /staff, multipart/form-data: `software_id`, `version`,
 * `platform`, `notes` and one `file` (zip, tar.gz, sh, ps1, exe, dmg or
 * AppImage, at most 200 MB). Editors and admins only; the reply's data is the
 * new DeskSoftwareReleaseWire.
 */
export const SOFTWARE_RELEASE_ADD_PATH = "/software/releases/add";

/** The largest release file (200 MB), and the largest body of the add call: the file, its fields and the framing. */
export const SOFTWARE_RELEASE_MAX_FILE_BYTES = 200 * 1024 * 1024;
export const SOFTWARE_RELEASE_BODY_MAX_BYTES = SOFTWARE_RELEASE_MAX_FILE_BYTES + 64 * 1024;

/** The editors' form-urlencoded release calls under /staff (editors and admins; others PERMISSION_DENIED, 403). */
export type SoftwareReleaseDeskCalls = {
  "/software/releases/list": MainApiCall<{ software_id: number }, { releases: DeskSoftwareReleaseWire[] }, "required">;
  "/software/releases/withdraw": MainApiCall<{ id: number }, null, "required">;
};
