import { Form, useNavigation } from "@remix-run/react";
import { SEARCH_QUERY_MAX, SEARCH_SOURCE_LABELS, SEARCH_SOURCE_VALUES } from "../../../platform/rules/search-query";
import { Button } from "../ui/Button";
import { FieldError, Input, Select } from "../ui/Field";
import { styled } from "../ui/stitches.config";

const Bar = styled("div", {
  display: "flex",
  gap: "$2",
  flexWrap: "wrap",
  alignItems: "center",
  "& > input": { flex: "1 1 240px", width: "auto" },
});

/** The search box: a GET form (works without JavaScript), the query and an optional source, errors beneath. */
export function SearchForm({
  typed,
  errors,
}: {
  typed: { q: string; source: string };
  errors: { q?: string; source?: string };
}) {
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/docs/search";
  return (
    <Form method="get" action="/docs/search" role="search" aria-label="搜索文档">
      <Bar>
        <label htmlFor="search-q" className="visually-hidden">
          搜索词
        </label>
        <Input
          id="search-q"
          type="search"
          name="q"
          defaultValue={typed.q}
          maxLength={SEARCH_QUERY_MAX}
          placeholder="搜索文档、数据集、软件、模型，例如：4090 显存"
          aria-invalid={errors.q ? true : undefined}
          aria-describedby={errors.q ? "search-q-error" : undefined}
          data-testid="search-q"
        />
        <label htmlFor="search-source" className="visually-hidden">
          搜索范围
        </label>
        <Select
          id="search-source"
          name="source"
          defaultValue={typed.source}
          aria-invalid={errors.source ? true : undefined}
          aria-describedby={errors.source ? "search-source-error" : undefined}
        >
          <option value="">全部</option>
          {SEARCH_SOURCE_VALUES.map((source) => (
            <option key={source} value={source}>
              {SEARCH_SOURCE_LABELS[source]}
            </option>
          ))}
        </Select>
        <Button type="submit" disabled={searching}>
          {searching ? "搜索中…" : "搜索"}
        </Button>
      </Bar>
      {errors.q && (
        <FieldError id="search-q-error" role="alert">
          {errors.q}
        </FieldError>
      )}
      {errors.source && (
        <FieldError id="search-source-error" role="alert">
          {errors.source}
        </FieldError>
      )}
    </Form>
  );
}
