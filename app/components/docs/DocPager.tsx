import { Link } from "@remix-run/react";
import type { DocLinkWire } from "~/upstream/docs.server";
import { docPath } from "~/utils/content-paths";
import { styled } from "../ui/stitches.config";

const Pager = styled("nav", {
  display: "grid",
  gridTemplateColumns: "1fr 1fr",
  gap: "$3",
  marginTop: "$6",
  paddingTop: "$4",
  borderTop: "1px solid $border",
});

const Step = styled(Link, {
  display: "block",
  padding: "$3",
  border: "1px solid $border",
  borderRadius: "$md",
  textDecoration: "none",
  color: "$primaryText",
  "&:hover": { borderColor: "$primary" },
  small: { display: "block", color: "$mutedText", fontSize: "$sm", marginBottom: "$1" },
  variants: { next: { true: { gridColumn: 2, textAlign: "right" } } },
});

/** The docs before and after this one in the sidebar's reading order. */
export function DocPager({ previous, next }: { previous: DocLinkWire | null; next: DocLinkWire | null }) {
  if (!previous && !next) return null;
  return (
    <Pager aria-label="上一篇和下一篇">
      {previous && (
        <Step to={docPath(previous.slug)} prefetch="intent" rel="prev">
          <small>上一篇</small>
          {previous.title}
        </Step>
      )}
      {next && (
        <Step to={docPath(next.slug)} prefetch="intent" rel="next" next>
          <small>下一篇</small>
          {next.title}
        </Step>
      )}
    </Pager>
  );
}
