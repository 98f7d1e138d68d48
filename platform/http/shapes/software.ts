import type { DeskSoftwareReleaseWire, SoftwareReleaseWire, SoftwareWire } from "../../contract/software";
import type { PublicRelease, PublishedSoftware } from "../../modules/software/read";
import type { DeskRelease } from "../../modules/software/releases";

export const toSoftwareRelease = (r: PublicRelease): SoftwareReleaseWire => ({
  Id: r.id,
  Version: r.version,
  Platform: r.platform,
  Notes: r.notes,
  ReleasedAt: r.releasedAt.toISOString(),
  FileName: r.fileName,
  SizeBytes: r.sizeBytes,
  Sha256: r.sha256,
});

export const toSoftware = (s: PublishedSoftware): SoftwareWire => ({
  Slug: s.slug,
  Name: s.name,
  Summary: s.summary,
  Body: s.body,
  Latest: s.latest.map(toSoftwareRelease),
  Older: s.older.map(toSoftwareRelease),
});

export const toDeskSoftwareRelease = (r: DeskRelease): DeskSoftwareReleaseWire => ({
  id: r.id,
  version: r.version,
  platform: r.platform,
  notes: r.notes,
  released_at: r.releasedAt.toISOString(),
  withdrawn_at: r.withdrawnAt ? r.withdrawnAt.toISOString() : null,
  file_name: r.fileName,
  size_bytes: r.sizeBytes,
  sha256: r.sha256,
  added_by: r.addedBy,
});
