import { Form } from "@remix-run/react";
import { Button } from "../ui/Button";
import { Input } from "../ui/Field";
import { styled } from "../ui/stitches.config";

const Box = styled(Form, { display: "flex", gap: "$2", alignItems: "center", "& input": { flex: 1, minWidth: 0 } });

/** The docs' search box: a GET to /docs/search?q=, so it works without JavaScript (the results page is search's). */
export function DocsSearchForm({ id, defaultValue }: { id: string; defaultValue?: string }) {
  return (
    <Box method="get" action="/docs/search" role="search" aria-label="搜索文档">
      <label htmlFor={id} className="visually-hidden">
        搜索文档
      </label>
      <Input
        id={id}
        name="q"
        type="search"
        maxLength={100}
        required
        placeholder="搜索文档"
        defaultValue={defaultValue}
      />
      <Button type="submit">搜索</Button>
    </Box>
  );
}
