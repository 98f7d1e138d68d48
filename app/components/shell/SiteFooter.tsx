import { Link } from "@remix-run/react";
import type { SiteConfig } from "~/env.server";
import { styled } from "../ui/stitches.config";

const Footer = styled("footer", {
  borderTop: "1px solid #ECEDF0",
  backgroundColor: "$panel",
  color: "$mutedText",
  fontSize: "$sm",
  padding: "$4",
  marginTop: "$5",
  textAlign: "center",
  p: { margin: "$1 0", display: "flex", flexWrap: "wrap", justifyContent: "center", columnGap: "$3", rowGap: "$1" },
  // Long addresses and numbers wrap inside a phone's width instead of pushing the page sideways.
  "span, a": { overflowWrap: "anywhere", maxWidth: "100%" },
  // Links at least 24 px high, so a finger finds them (axe target-size).
  a: { color: "$mutedText", display: "inline-flex", alignItems: "center", minHeight: 24 },
});

/** The agreements every public page links to (app/content/agreements.ts). */
const AGREEMENT_LINKS = [
  { to: "/agreements", label: "用户服务协议" },
  { to: "/verifyAgreement", label: "实名认证服务协议" },
  { to: "/workOrderAgreement", label: "工单服务协议" },
] as const;

/**
 * The public pages' footer (decision 064): the company, how to reach it, the
 * agreements and the ICP filing number, each shown only when configured.
 */
export function SiteFooter({ footer }: { footer: SiteConfig["footer"] }) {
  const { companyName, contactPhone, contactEmail, icpNumber } = footer;
  return (
    <Footer data-testid="site-footer">
      <p>
        {AGREEMENT_LINKS.map((a) => (
          <Link key={a.to} to={a.to}>
            {a.label}
          </Link>
        ))}
      </p>
      {(contactPhone || contactEmail) && (
        <p>
          {contactPhone && <span>客服电话 {contactPhone}</span>}
          {contactEmail && (
            <span>
              联系邮箱 <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
            </span>
          )}
        </p>
      )}
      {(companyName || icpNumber) && (
        <p>
          {companyName && (
            <span>
              © {new Date().getFullYear()} {companyName}
            </span>
          )}
          {icpNumber && (
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer" data-testid="icp-number">
              {icpNumber}
            </a>
          )}
        </p>
      )}
    </Footer>
  );
}
