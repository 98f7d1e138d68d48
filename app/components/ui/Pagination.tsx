import { Link } from "@remix-run/react";
import { styled } from "./stitches.config";

const Nav = styled("nav", {
  display: "flex",
  gap: "$2",
  alignItems: "center",
  justifyContent: "flex-end",
  marginTop: "$4",
  a: { padding: "0 $3", lineHeight: "28px", border: "1px solid $border", borderRadius: "$sm", color: "$text" },
  "a[aria-current=page]": { borderColor: "$primary", color: "$primaryText" },
  span: { color: "$mutedText" },
});

/** Page links (plain anchors, so paging works without JavaScript). */
export function Pagination({
  page,
  pageSize,
  total,
  hrefFor,
}: {
  page: number;
  pageSize: number;
  total: number;
  hrefFor: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const shown = Array.from({ length: pages }, (_, i) => i + 1).filter(
    (p) => p === 1 || p === pages || Math.abs(p - page) <= 2,
  );
  return (
    <Nav aria-label="分页">
      <span>共 {total} 条</span>
      {page > 1 && <Link to={hrefFor(page - 1)}>上一页</Link>}
      {shown.map((p, i) => (
        <span key={p} style={{ display: "contents" }}>
          {i > 0 && shown[i - 1] !== p - 1 && <span>…</span>}
          <Link to={hrefFor(p)} aria-current={p === page ? "page" : undefined}>
            {p}
          </Link>
        </span>
      ))}
      {page < pages && <Link to={hrefFor(page + 1)}>下一页</Link>}
    </Nav>
  );
}
