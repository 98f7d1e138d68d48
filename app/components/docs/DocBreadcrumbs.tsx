import { Link } from "@remix-run/react";
import type { DocLinkWire } from "~/upstream/docs.server";
import { docPath } from "~/utils/content-paths";
import { styled } from "../ui/stitches.config";

const Trail = styled("ol", {
  display: "flex",
  flexWrap: "wrap",
  gap: "$1",
  listStyle: "none",
  margin: "0 0 $3",
  padding: 0,
  fontSize: "$sm",
  color: "$mutedText",
  "& li + li::before": { content: "'/'", margin: "0 $1 0 0", color: "$muted" },
  a: { color: "$mutedText" },
});

/** Where a doc sits: 文档中心 / its section / itself. */
export function DocBreadcrumbs({ section, title }: { section: DocLinkWire | null; title: string }) {
  return (
    <nav aria-label="面包屑">
      <Trail>
        <li>
          <Link to="/docs" prefetch="intent">
            文档中心
          </Link>
        </li>
        {section && (
          <li>
            <Link to={docPath(section.slug)} prefetch="intent">
              {section.title}
            </Link>
          </li>
        )}
        <li aria-current="page">{title}</li>
      </Trail>
    </nav>
  );
}
