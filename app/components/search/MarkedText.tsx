import type { SearchSegmentWire } from "~/upstream/search.server";
import { styled } from "../ui/stitches.config";

const Mark = styled("mark", { backgroundColor: "$goldSoft", color: "inherit", padding: 0, fontWeight: 600 });

/** Text from the search's segments: the matched words in <mark>. Plain text only, never HTML. */
export function MarkedText({ segments }: { segments: SearchSegmentWire[] }) {
  return <>{segments.map((segment, i) => (segment.hit ? <Mark key={i}>{segment.text}</Mark> : segment.text))}</>;
}
