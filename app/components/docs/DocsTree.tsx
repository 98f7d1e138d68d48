import { Link } from "@remix-run/react";
import type { DocTreeSectionWire } from "~/upstream/docs.server";
import { docPath } from "~/utils/content-paths";
import { styled } from "../ui/stitches.config";

const List = styled("ul", {
  listStyle: "none",
  margin: 0,
  padding: 0,
  "& ul": { paddingLeft: "$3", margin: "$1 0 $3" },
});

const TreeLink = styled(Link, {
  display: "block",
  padding: "6px $2",
  borderRadius: "$sm",
  color: "$text",
  textDecoration: "none",
  lineHeight: 1.4,
  "&:hover": { color: "$primaryText", backgroundColor: "$mutedSoft" },
  "&[aria-current=page]": { color: "$primaryText", backgroundColor: "$primarySoft", fontWeight: 600 },
  variants: { section: { true: { fontWeight: 600 } } },
});

/**
 * The docs' sidebar tree: each section, then its pages; the page being read
 * is marked (aria-current), so it shows without JavaScript too.
 */
export function DocsTree({ sections, current }: { sections: DocTreeSectionWire[]; current: string | null }) {
  const mark = (slug: string) => (slug === current ? ("page" as const) : undefined);
  return (
    <List>
      {sections.map((section) => (
        <li key={section.slug}>
          <TreeLink to={docPath(section.slug)} prefetch="intent" section aria-current={mark(section.slug)}>
            {section.title}
          </TreeLink>
          {section.pages.length > 0 && (
            <List>
              {section.pages.map((page) => (
                <li key={page.slug}>
                  <TreeLink to={docPath(page.slug)} prefetch="intent" aria-current={mark(page.slug)}>
                    {page.title}
                  </TreeLink>
                </li>
              ))}
            </List>
          )}
        </li>
      ))}
    </List>
  );
}
