import type { TocEntry } from "~/utils/doc-toc";
import { styled } from "../ui/stitches.config";

const Box = styled("nav", {
  fontSize: "$sm",
  h2: { fontSize: "$md", margin: "0 0 $2", fontWeight: 600 },
  ul: { listStyle: "none", margin: 0, padding: 0 },
  li: { margin: "0 0 $1" },
  a: { color: "$mutedText", textDecoration: "none", display: "inline-block", padding: "4px 0", minHeight: 24 },
  "a:hover": { color: "$primaryText" },
});

const Item = styled("li", { variants: { level: { 2: {}, 3: { paddingLeft: "$3" } } } });

/** The page's own table of contents: its h2 and h3 as anchor links (plain links: no JavaScript needed). */
export function DocToc({ entries }: { entries: TocEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <Box aria-labelledby="doc-toc-title">
      <h2 id="doc-toc-title">本页目录</h2>
      <ul>
        {entries.map((entry) => (
          <Item key={entry.id} level={entry.level}>
            <a href={`#${entry.id}`}>{entry.text}</a>
          </Item>
        ))}
      </ul>
    </Box>
  );
}
