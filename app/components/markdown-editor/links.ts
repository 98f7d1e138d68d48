import editorStyles from "@uiw/react-md-editor/markdown-editor.css";
import markdownStyles from "@uiw/react-markdown-preview/markdown.css";
import type { LinksFunction } from "@remix-run/node";

/** The stylesheets of a page with the editor (add to its route's `links`); the rendered thread needs markdownStyles only. */
export const markdownEditorLinks: LinksFunction = () => [
  { rel: "stylesheet", href: markdownStyles },
  { rel: "stylesheet", href: editorStyles },
];
