import MarkdownPreview from "@uiw/react-markdown-preview/nohighlight";
import { renderToStaticMarkup } from "react-dom/server";
import { markdownPreviewOptions } from "./markdown-render";

/**
 * Renders user or operator markdown to sanitised HTML on the server, with
 * @uiw/react-markdown-preview and the rules of markdown-render.tsx (the same
 * the editor's preview uses); the browser gets HTML only, no markdown code,
 * so a thread reads without JavaScript.
 */
export function renderMarkdown(source: string): string {
  return renderToStaticMarkup(<MarkdownPreview source={source} {...markdownPreviewOptions} />);
}
