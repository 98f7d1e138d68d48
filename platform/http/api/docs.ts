import { Hono } from "hono";
import { z } from "zod";
import type { DocsCalls } from "../../contract/docs";
import { docPage } from "../../modules/docs/page";
import { docsTree } from "../../modules/docs/tree";
import type { Env } from "../context";
import { toDocPage, toDocTreeSection } from "../shapes/docs";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

/** The documentation site's reads: public, published docs only (issue 35 §1). */
export const docsApi = new Hono<Env>();
const on = contractRoutes<DocsCalls>(docsApi);

/** Any text up to a few hundred characters: the module answers NOT_FOUND for anything that is not a published slug. */
const DocPageFields = z.object({ slug: z.string({ required_error: "请指定文档" }).max(200, "文档不存在或已下线") });

on.get("/docs/tree", async (c) => {
  await readForm(c);
  return { sections: (await docsTree(c.var.ctx)).map(toDocTreeSection) };
});

on.get("/docs/page", async (c) => {
  const input = parseFields(DocPageFields, await readForm(c));
  return toDocPage(await docPage(c.var.ctx, { slug: input.slug }));
});
