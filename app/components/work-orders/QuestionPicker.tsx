import { Form, Link } from "@remix-run/react";
import type { WorkOrderCategoryWire, WorkOrderQuestionWire } from "~/upstream/work-orders.server";
import { selectQuestionPath } from "~/utils/console-paths";
import { Button } from "../ui/Button";
import { Input } from "../ui/Field";
import { Panel } from "../ui/layout";
import { styled } from "../ui/stitches.config";

const Category = styled("section", {
  marginBottom: "$4",
  h2: { fontSize: "$md", fontWeight: 600, margin: "0 0 $2" },
  ul: { listStyle: "none", margin: 0, padding: 0, display: "flex", flexWrap: "wrap", gap: "$2" },
  a: { display: "inline-block", padding: "$1 $3", border: "1px solid $border", borderRadius: "$sm", color: "$text" },
  "a[aria-current=true]": { borderColor: "$primary", color: "$primaryText", backgroundColor: "$primarySoft" },
});
const Search = styled(Form, { display: "flex", gap: "$2", marginBottom: "$4", maxWidth: 420 });

/** The categories with their questions as links (GET, so they work without JavaScript), and a keyword search. */
export function QuestionPicker({
  categories,
  selected,
  keyword,
}: {
  categories: WorkOrderCategoryWire[];
  selected: WorkOrderQuestionWire | null;
  keyword: string;
}) {
  return (
    <Panel aria-label="问题分类">
      <Search method="get" action={selectQuestionPath()} role="search">
        <Input
          type="search"
          name="keyword"
          defaultValue={keyword}
          aria-label="搜索帮助文档"
          placeholder="搜索帮助文档"
        />
        <Button type="submit" variant="secondary">
          搜索
        </Button>
      </Search>
      {categories.length === 0 && <p>暂无工单分类</p>}
      {categories.map((category) => (
        <Category key={category.id} aria-labelledby={`category-${category.id}`}>
          <h2 id={`category-${category.id}`}>{category.name}</h2>
          <ul>
            {category.questions.map((q) => (
              <li key={q.id}>
                <Link
                  to={selectQuestionPath(q.id)}
                  aria-current={selected?.id === q.id ? true : undefined}
                  data-testid="question-link"
                >
                  {q.name}
                </Link>
              </li>
            ))}
          </ul>
        </Category>
      ))}
    </Panel>
  );
}
