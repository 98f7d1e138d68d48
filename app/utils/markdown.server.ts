import { markdownHtml } from "./markdown-html.server";
import { markdownPreviewOptions } from "./markdown-render";

/**
 * Renders user or operator markdown to sanitised HTML on the server, with the
 * rules of markdown-render.tsx (the same the editor's preview uses) and the
 * HTML @uiw/react-markdown-preview would write, through one processor built
 * once per process (markdown-pipeline.server.ts, decision 041); the browser
 * gets HTML only, no markdown code, so a thread reads without JavaScript.
 */
export function renderMarkdown(source: string): string {
  return markdownHtml(source, markdownPreviewOptions.urlTransform);
}
