import type { ReactNode } from "react";
import type { DocTreeSectionWire } from "~/upstream/docs.server";
import { styled } from "../ui/stitches.config";
import { DocsSearchForm } from "./DocsSearchForm";
import { DocsTree } from "./DocsTree";

const Frame = styled("div", {
  display: "grid",
  gap: "$5",
  alignItems: "start",
  gridTemplateColumns: "minmax(0, 1fr)",
  "@desktop": { gridTemplateColumns: "220px minmax(0, 1fr)" },
});

/** The tree beside the page on a desktop; on a phone it folds behind one button (below). */
const Sidebar = styled("nav", {
  display: "none",
  "@desktop": { display: "flex", flexDirection: "column", gap: "$4", position: "sticky", top: "$4" },
});

/** On a phone: the tree behind 文档目录, a <details>, so it opens without JavaScript. */
const Fold = styled("details", {
  border: "1px solid $border",
  borderRadius: "$md",
  backgroundColor: "$panel",
  summary: { padding: "$3", cursor: "pointer", fontWeight: 600, minHeight: 44, boxSizing: "border-box" },
  "& > nav": { padding: "0 $3 $3", display: "flex", flexDirection: "column", gap: "$3" },
  "@desktop": { display: "none" },
});

/**
 * The docs' frame: the sidebar tree (with the search box) and the page. The
 * tree is written twice, for the desktop column and the phone's fold; CSS
 * shows one, so only one is ever in the accessibility tree.
 */
export function DocsFrame({
  sections,
  current,
  withSearch = true,
  children,
}: {
  sections: DocTreeSectionWire[];
  current: string | null;
  /** The search box above the tree; off where the page has its own (the index). */
  withSearch?: boolean;
  children: ReactNode;
}) {
  return (
    <Frame>
      <Fold>
        <summary>文档目录</summary>
        <nav aria-label="文档目录">
          {withSearch && <DocsSearchForm id="docs-q-phone" />}
          <DocsTree sections={sections} current={current} />
        </nav>
      </Fold>
      <Sidebar aria-label="文档目录">
        {withSearch && <DocsSearchForm id="docs-q" />}
        <DocsTree sections={sections} current={current} />
      </Sidebar>
      <div>{children}</div>
    </Frame>
  );
}
