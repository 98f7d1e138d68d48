import { Panel, PanelTitle } from "~/components/ui/layout";
import type { SoftwareWire } from "~/upstream/software.server";
import { ReleaseTable } from "./ReleaseTable";

/**
 * One tool of /software, anchored by its slug (the search index links to
 * /software#<slug>): its summary, the newest release per system, its
 * description (its markdown body, rendered on the server) and, folded, its older releases.
 */
export function SoftwareTool({ tool, html }: { tool: Omit<SoftwareWire, "Body">; html: string }) {
  const titleId = `${tool.Slug}-title`;
  return (
    <Panel id={tool.Slug} aria-labelledby={titleId} data-testid="software-tool">
      <PanelTitle id={titleId}>{tool.Name}</PanelTitle>
      {tool.Summary && <p>{tool.Summary}</p>}
      {tool.Latest.length === 0 ? (
        <p>暂无可下载的版本。</p>
      ) : (
        <ReleaseTable releases={tool.Latest} caption={`${tool.Name} 最新版本`} />
      )}
      <div className="wmde-markdown" style={{ marginTop: 16 }} dangerouslySetInnerHTML={{ __html: html }} />
      {tool.Older.length > 0 && (
        <details>
          <summary>历史版本（{tool.Older.length}）</summary>
          <ReleaseTable releases={tool.Older} caption={`${tool.Name} 历史版本`} />
        </details>
      )}
    </Panel>
  );
}
