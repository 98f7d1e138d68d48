import MarkdownPreview from "@uiw/react-markdown-preview/nohighlight";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { styled } from "~/components/ui/stitches.config";
import { markdownPreviewOptions } from "~/utils/markdown-render";
import type { EditorMessages } from "./messages";
import { headingsOf } from "./text-commands";

const Box = styled("section", {
  border: "1px solid $border",
  borderRadius: "$sm",
  padding: "$3",
  marginTop: "$2",
  backgroundColor: "white",
});
const Head = styled("div", { display: "flex", justifyContent: "space-between", alignItems: "center", gap: "$2" });
const Title = styled("h2", { fontSize: "$md", margin: 0 });
const Toc = styled("ol", { listStyle: "none", margin: "$2 0 0", padding: 0 });
const TocButton = styled("button", {
  border: "none",
  background: "none",
  color: "$primaryText",
  cursor: "pointer",
  padding: "2px 0",
  textAlign: "left",
  font: "inherit",
});

/** The panels beside the editor: navigation (the headings), help, and the HTML view. */
export function EditorPanel({
  panel,
  markdown,
  messages: m,
  onClose,
  onHeading,
  languagePicker,
}: {
  panel: "navigation" | "help" | "html";
  markdown: string;
  messages: EditorMessages;
  onClose: () => void;
  /** Moves the cursor to the heading that starts at this offset. */
  onHeading: (offset: number) => void;
  languagePicker: ReactNode;
}) {
  const title = panel === "navigation" ? m.navigation : panel === "help" ? m.help : m.htmlView;
  return (
    <Box aria-label={title} data-testid={`markdown-panel-${panel}`}>
      <Head>
        <Title>{title}</Title>
        <button type="button" onClick={onClose} aria-label={`${m.cancel} ${title}`}>
          ×
        </button>
      </Head>
      {panel === "navigation" && <Navigation markdown={markdown} empty={m.noHeadings} onHeading={onHeading} />}
      {panel === "help" && (
        <>
          <p>{m.helpText}</p>
          {languagePicker}
        </>
      )}
      {panel === "html" && <HtmlSource markdown={markdown} />}
    </Box>
  );
}

function Navigation({
  markdown,
  empty,
  onHeading,
}: {
  markdown: string;
  empty: string;
  onHeading: (offset: number) => void;
}) {
  const headings = headingsOf(markdown);
  if (headings.length === 0) return <p>{empty}</p>;
  return (
    <Toc>
      {headings.map((h) => (
        <li key={h.offset} style={{ paddingLeft: (h.level - 1) * 12 }}>
          <TocButton type="button" onClick={() => onHeading(h.offset)}>
            {h.title}
          </TocButton>
        </li>
      ))}
    </Toc>
  );
}

/** The sanitised HTML the preview renders (the same rules as the server), shown as text. */
function HtmlSource({ markdown }: { markdown: string }) {
  const rendered = useRef<HTMLDivElement>(null);
  const [html, setHtml] = useState("");
  useEffect(() => {
    setHtml(rendered.current?.querySelector(".wmde-markdown")?.innerHTML ?? "");
  }, [markdown]);
  return (
    <>
      <div ref={rendered} hidden>
        <MarkdownPreview source={markdown} {...markdownPreviewOptions} />
      </div>
      <pre data-testid="markdown-html-view" style={{ whiteSpace: "pre-wrap", overflowX: "auto", margin: 0 }}>
        {html}
      </pre>
    </>
  );
}
