import { ButtonLink } from "~/components/ui/Button";
import { Muted, Table } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import { TableScroll } from "~/components/ui/TableScroll";
import type { SoftwareReleaseWire } from "~/upstream/software.server";
import { formatDate } from "~/utils/format";
import { softwareDownloadPath } from "~/utils/content-paths";
import { formatByteSize } from "../../../platform/rules/byte-size";
import { SOFTWARE_PLATFORM_LABELS } from "../../../platform/rules/software-platforms";

const Hash = styled("code", { fontSize: 12, wordBreak: "break-all" });

/**
 * Releases of one tool, one row each: system, version, date, size, SHA-256 and
 * a plain download link (a file, not a page: no client navigation), with the
 * release notes under it.
 */
export function ReleaseTable({ releases, caption }: { releases: SoftwareReleaseWire[]; caption: string }) {
  return (
    <TableScroll label={caption} minWidth={760}>
      <Table>
        <thead>
          <tr>
            <th scope="col">系统</th>
            <th scope="col">版本</th>
            <th scope="col">发布日期</th>
            <th scope="col">大小</th>
            <th scope="col">SHA-256</th>
            <th scope="col">下载</th>
          </tr>
        </thead>
        <tbody>
          {releases.map((r) => (
            <tr key={r.Id} data-testid="release" data-release-id={r.Id}>
              <td>{SOFTWARE_PLATFORM_LABELS[r.Platform]}</td>
              <td data-wrap>
                {r.Version}
                {r.Notes && (
                  <div>
                    <Muted>{r.Notes}</Muted>
                  </div>
                )}
              </td>
              <td style={{ whiteSpace: "nowrap" }}>{formatDate(r.ReleasedAt)}</td>
              <td style={{ whiteSpace: "nowrap" }}>{formatByteSize(r.SizeBytes)}</td>
              <td data-wrap>
                <Hash data-testid="sha256">{r.Sha256}</Hash>
              </td>
              <td>
                <ButtonLink
                  size="sm"
                  href={softwareDownloadPath(r.Id)}
                  download={r.FileName}
                  aria-label={`下载 ${r.FileName}（${SOFTWARE_PLATFORM_LABELS[r.Platform]}，${r.Version}）`}
                >
                  {r.FileName}
                </ButtonLink>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
