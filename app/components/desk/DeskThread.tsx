import { Badge, Muted } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import { formatDateTime } from "~/utils/format";
import { DeskFileLink, type DeskFile } from "./DeskFiles";

export interface DeskThreadEntry {
  id: number;
  kind: "comment" | "state_change" | "attachment" | "internal_note";
  author: { kind: "user" | "staff"; name: string };
  html: string;
  from_label: string | null;
  to_label: string | null;
  file: DeskFile | null;
  created_at: string;
}

const List = styled("ol", {
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: "$3",
});
const Entry = styled("li", {
  border: "1px solid #ECEDF0",
  borderRadius: "$md",
  padding: "$3 $4",
  variants: {
    tone: {
      user: { backgroundColor: "white" },
      staff: { backgroundColor: "#F5F8FF" },
      note: { backgroundColor: "#FFF8E6", borderColor: "#F0D58C" },
      event: { backgroundColor: "#FAFAFA" },
    },
  },
});
const Head = styled("div", { display: "flex", gap: "$2", alignItems: "center", marginBottom: "$2", fontSize: "$sm" });

/** The whole thread as staff see it: the user's and staff's messages, state changes, and internal notes marked as such. */
export function DeskThread({ entries }: { entries: DeskThreadEntry[] }) {
  return (
    <List aria-label="工单记录">
      {entries.map((e) => {
        const tone = e.kind === "internal_note" ? "note" : e.kind === "comment" ? e.author.kind : ("event" as const);
        return (
          <Entry key={e.id} tone={tone} data-testid={`thread-${e.kind}`}>
            <Head>
              <strong>{e.author.name}</strong>
              {e.author.kind === "staff" && <Badge>客服</Badge>}
              {e.kind === "internal_note" && <Badge tone="gold">内部备注 · 用户不可见</Badge>}
              <Muted>{formatDateTime(e.created_at)}</Muted>
            </Head>
            {e.kind === "state_change" && (
              <p>
                状态：{e.from_label ?? "—"} → {e.to_label}
              </p>
            )}
            {e.kind === "attachment" && e.file && (
              <p>
                添加了附件 <DeskFileLink file={e.file} />
              </p>
            )}
            {e.html && <div className="markdown-body" dangerouslySetInnerHTML={{ __html: e.html }} />}
          </Entry>
        );
      })}
    </List>
  );
}
