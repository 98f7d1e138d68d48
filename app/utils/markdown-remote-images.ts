import type { Element, ElementContent, Root, Text } from "hast";
import { isSiteImageUrl } from "./markdown-url";

/** What a remote image becomes: its description (or address), marked as an image of another site. */
const label = (image: Element, src: string): Text => {
  const alt = typeof image.properties.alt === "string" ? image.properties.alt.trim() : "";
  return { type: "text", value: `外部图片：${alt || src}` };
};

/** A remote image as a link to it (only text inside a link, which cannot hold another). */
function replacement(image: Element, src: string, insideLink: boolean): ElementContent {
  if (insideLink) return label(image, src);
  return { type: "element", tagName: "a", properties: { href: src }, children: [label(image, src)] };
}

function replaceRemoteImages(parent: Root | Element, insideLink: boolean): void {
  parent.children.forEach((child, i) => {
    if (child.type !== "element") return;
    const src = child.properties.src;
    if (child.tagName === "img" && typeof src === "string" && !isSiteImageUrl(src))
      parent.children[i] = replacement(child, src, insideLink);
    else replaceRemoteImages(child, insideLink || child.tagName === "a");
  });
}

/**
 * A rehype step before the sanitizer: images from other sites (markdown or raw
 * HTML) become links to them, so reading a text never fetches anything from a
 * site its author chose (a tracking pixel would learn who read it and when;
 * the CSP blocks the load too, this keeps the markup clean of it). Images of
 * this site and the allowed data: images stay (markdown-url.ts, isSiteImageUrl).
 */
export function rehypeRemoteImagesToLinks() {
  return (tree: Root): void => replaceRemoteImages(tree, false);
}
