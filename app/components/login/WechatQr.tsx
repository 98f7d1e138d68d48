import { Muted } from "../ui/layout";
import { styled } from "../ui/stitches.config";
import { formatDateTime } from "~/utils/format";

const Qr = styled("div", { width: 200, height: 200, margin: "0 auto", svg: { width: "100%", height: "100%" } });
const Centered = styled("div", { textAlign: "center" });

/**
 * An official account's parametric QR (WeChat login and binding, issue 38 §2): inline SVG rendered on the server, so
 * it shows without JavaScript; in the sandbox, a link to the page that plays the scan.
 */
export function WechatQr({
  qrSvg,
  sandboxLink,
  expiresAt,
  hint,
}: {
  qrSvg: string;
  sandboxLink: string | null;
  expiresAt: string;
  hint: string;
}) {
  return (
    <Centered data-testid="wechat-qr">
      <Qr role="img" aria-label="微信扫码二维码" dangerouslySetInnerHTML={{ __html: qrSvg }} />
      <p>{hint}</p>
      <Muted>二维码有效期至 {formatDateTime(expiresAt)}</Muted>
      {sandboxLink && (
        <p>
          <a href={sandboxLink} target="_blank" rel="noreferrer" data-testid="wechat-sandbox-link">
            沙箱：打开模拟扫码页
          </a>
        </p>
      )}
    </Centered>
  );
}
