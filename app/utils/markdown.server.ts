import { markdownHtml } from "./markdown-html.server";
import { markdownPreviewOptions } from "./markdown-render";
import { RENDERED_MARKDOWN_BUDGET, rememberingRenderer } from "./rendered-markdown-cache";

/**
 * Renders user or operator markdown to sanitised HTML on the server, with the
 * rules of markdown-render.tsx (the same the editor's preview uses) and the
 * HTML @uiw/react-markdown-preview would write, through one processor built
 * once per process (markdown-pipeline.server.ts, decision 041), and kept
 * for the texts seen recently (a thread's messages do not change between
 * views); the browser gets HTML only, no markdown code, so a thread reads
 * without JavaScript.
 */
export const renderMarkdown: (source: string) => string = rememberingRenderer(
  (source) => markdownHtml(source, markdownPreviewOptions.urlTransform),
  RENDERED_MARKDOWN_BUDGET,
);
