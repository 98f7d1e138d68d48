import { NavLink } from "@remix-run/react";
import { styled } from "~/components/ui/stitches.config";
import { deskContentListPath } from "~/utils/desk-paths";
import { CONTENT_KIND_LABELS, CONTENT_KIND_ORDER } from "../../../../platform/rules/content-desk";

const Tabs = styled("nav", {
  display: "flex",
  gap: "$4",
  borderBottom: "1px solid #ECEDF0",
  marginBottom: "$4",
  a: { padding: "$2 0", borderBottom: "2px solid transparent", color: "$text" },
  "a[aria-current=page]": { borderColor: "$primary", color: "$primaryText" },
});

/** The content desk's kinds: 文档, 数据集, 软件, 模型. */
export function ContentKindTabs() {
  return (
    <Tabs aria-label="内容类别">
      {CONTENT_KIND_ORDER.map((kind) => (
        <NavLink key={kind} to={deskContentListPath(kind)} prefetch="intent">
          {CONTENT_KIND_LABELS[kind]}
        </NavLink>
      ))}
    </Tabs>
  );
}
