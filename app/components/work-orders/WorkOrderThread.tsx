import { formatDateTime } from "~/utils/format";
import { styled } from "../ui/stitches.config";

/** One attachment as the thread shows it: raster images inline, anything else as a download link. */
export interface ThreadAttachment {
  id: number;
  name: string;
  /** Where the browser fetches it (the serving route checks the viewer). */
  url: string;
  inline: boolean;
}

/** One entry of the thread, ready to show: its markdown already rendered to sanitised HTML on the server. */
export interface ThreadEntry {
  id: string;
  kind: "message" | "event";
  /** Who: 我 for the user, the staff member's name, or 系统. */
  who: string;
  fromStaff: boolean;
  at: string;
  /** Sanitised HTML of the message's markdown (empty for an event). */
  html: string;
  /** What an event says (状态变为 处理中), empty for a message. */
  text: string;
  attachments: ThreadAttachment[];
}

const List = styled("ol", {
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: "$3",
});
const Message = styled("li", {
  border: "1px solid #ECEDF0",
  borderRadius: "$md",
  padding: "$3 $4",
  backgroundColor: "white",
  variants: { staff: { true: { backgroundColor: "$primarySoft", borderColor: "transparent" } } },
});
const Event = styled("li", { color: "$mutedText", fontSize: "$sm", textAlign: "center" });
const Meta = styled("div", { display: "flex", gap: "$3", color: "$mutedText", fontSize: "$sm", marginBottom: "$2" });
const Files = styled("ul", {
  listStyle: "none",
  padding: 0,
  margin: "$2 0 0",
  display: "flex",
  flexWrap: "wrap",
  gap: "$2",
  img: { maxWidth: 240, maxHeight: 180, border: "1px solid #ECEDF0", borderRadius: "$sm" },
});

function Attachments({ files }: { files: ThreadAttachment[] }) {
  if (files.length === 0) return null;
  return (
    <Files aria-label="附件">
      {files.map((file) => (
        <li key={file.id}>
          <a href={file.url} target="_blank" rel="noopener noreferrer">
            {file.inline ? <img src={file.url} alt={file.name} loading="lazy" /> : file.name}
          </a>
        </li>
      ))}
    </Files>
  );
}

/** The work order's thread: messages (rendered markdown, images, attachments) and its state changes. */
export function WorkOrderThread({ entries }: { entries: ThreadEntry[] }) {
  return (
    <List data-testid="work-order-thread">
      {entries.map((entry) =>
        entry.kind === "event" ? (
          <Event key={entry.id}>
            {formatDateTime(entry.at)} · {entry.who} {entry.text}
          </Event>
        ) : (
          <Message key={entry.id} staff={entry.fromStaff} data-testid="thread-message">
            <Meta>
              <strong>{entry.who}</strong>
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </Meta>
            {entry.html && <div data-testid="message-body" dangerouslySetInnerHTML={{ __html: entry.html }} />}
            <Attachments files={entry.attachments} />
          </Message>
        ),
      )}
    </List>
  );
}
