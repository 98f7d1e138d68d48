import { getDataset, listDatasets } from "~/upstream/datasets.server";
import { renderMarkdown } from "./markdown.server";
import { loadPage } from "./upstream-errors.server";

/** The public pages' caching (decision 077): re-exported so each route imports its server code from here alone. */
export { publicContentHeaders } from "~/render/public-cache.server";

/*
 * The dataset routes' server code (dataset._index.tsx, dataset.$id.tsx): each
 * route imports it from this one module, so its browser bundle carries one
 * empty stand-in (decision 078).
 */

/** /dataset: the published datasets of the URL's task (`?task=`), and every task for the filter. */
export function datasetsLoader(request: Request) {
  return loadPage(request, async () => {
    const task = new URL(request.url).searchParams.get("task")?.trim() || null;
    const { Tasks, Datasets } = await listDatasets(task ?? undefined);
    return { task, tasks: Tasks, datasets: Datasets };
  });
}

/** /dataset/:id: one published dataset with its body rendered; anything else the site's 404. */
export function datasetLoader(request: Request, slug: string) {
  return loadPage(request, async () => {
    const { Body, ...dataset } = await getDataset(slug);
    return { dataset, html: renderMarkdown(Body) };
  });
}
