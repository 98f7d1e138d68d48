import { Muted } from "../ui/layout";
import { styled } from "../ui/stitches.config";
import { formatDateTime } from "~/utils/format";

const Qr = styled("div", { width: 200, height: 200, svg: { width: "100%", height: "100%" } });
const Url = styled("a", { wordBreak: "break-all" });

/**
 * The face check's link to open on a phone: as a QR code (inline SVG rendered on the server, so it shows without
 * JavaScript) and as a link, with the time it lapses.
 */
export function FaceLink({ url, qrSvg, expiresAt }: { url: string; qrSvg: string; expiresAt: string | null }) {
  return (
    <div data-testid="face-link">
      <Qr role="img" aria-label="人脸核验二维码" dangerouslySetInnerHTML={{ __html: qrSvg }} />
      <p>
        请用手机扫描二维码，或在手机上打开链接：
        <br />
        <Url href={url} target="_blank" rel="noopener noreferrer">
          {url}
        </Url>
      </p>
      {expiresAt && <Muted>链接有效期至 {formatDateTime(expiresAt)}</Muted>}
    </div>
  );
}
