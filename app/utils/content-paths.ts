/** Paths of the public content pages: docs, search, datasets, software, the model library (see paths.ts for the rules). */

/** app/routes/docs.$id.tsx: one doc, by its URL name. */
export function docPath(slug: string): string {
  return `/docs/${encodeURIComponent(slug)}`;
}

/** app/routes/AIModels._index.tsx: the model library, of one family when given. */
export function aiModelsPath(family?: string): string {
  return family ? `/AIModels?family=${encodeURIComponent(family)}` : "/AIModels";
}

/** app/routes/AIModels.$id.tsx (the spec's named route modelDetail): one model by its slug. */
export function modelDetailPath(slug: string): string {
  return `/AIModels/${encodeURIComponent(slug)}`;
}

/** app/routes/dataset._index.tsx, filtered by one task or not. */
export function datasetsPath(task?: string): string {
  return task ? `/dataset?${new URLSearchParams({ task }).toString()}` : "/dataset";
}

/** app/routes/dataset.$id.tsx: one public dataset by its slug. */
export function datasetPath(slug: string): string {
  return `/dataset/${encodeURIComponent(slug)}`;
}

/** app/routes/software.download.$releaseId.ts: a release's file. */
export function softwareDownloadPath(releaseId: number): string {
  return `/software/download/${encodeURIComponent(String(releaseId))}`;
}

/** app/routes/docs.search.tsx: the site search's results for `q`, optionally of one source, page `page`. */
export function docsSearchPath(q: string, options: { source?: string; page?: number } = {}): string {
  const params = new URLSearchParams({ q });
  if (options.source) params.set("source", options.source);
  if (options.page && options.page > 1) params.set("page", String(options.page));
  return `/docs/search?${params}`;
}
