import type { DOMPurify as Purifier } from "dompurify";

/**
 * SVG sanitising with DOMPurify (its SVG allow-list) on a jsdom window, loaded
 * on the first SVG only. On top of DOMPurify's own rules (no script, no event
 * handlers, no foreignObject, no javascript: URLs), every reference that is not
 * to a fragment of the same file is dropped: href and xlink:href must start
 * with "#", url(...) in attributes must be url(#...), and <style> and style=""
 * are removed (CSS can fetch). So the file can neither run code nor load
 * anything (docs/decisions/037-uploads.md).
 */

let purifier: Promise<{ purify: Purifier; serialize: (node: Node) => string }> | undefined;

const LOCAL_REFERENCE = /^\s*#/;
const URL_FUNCTION = /url\s*\(/i;
const LOCAL_URL_FUNCTIONS = /^(?:[^u]|u(?!rl\s*\()|url\s*\(\s*['"]?\s*#[^)]*\))*$/i;

async function loadPurifier() {
  const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import("dompurify"), import("jsdom")]);
  const { window } = new JSDOM("");
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook("uponSanitizeAttribute", (_node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue;
    if ((name === "href" || name === "xlink:href") && !LOCAL_REFERENCE.test(value)) data.keepAttr = false;
    if (URL_FUNCTION.test(value) && !LOCAL_URL_FUNCTIONS.test(value)) data.keepAttr = false;
  });
  const serializer = new window.XMLSerializer();
  return { purify, serialize: (node: Node) => serializer.serializeToString(node) };
}

/**
 * The SVG document made safe, as UTF-8 XML text; null when what is left has no
 * <svg> root (not an SVG, or nothing but refused content).
 */
export async function sanitiseSvg(text: string): Promise<string | null> {
  purifier ??= loadPurifier().catch((error) => {
    purifier = undefined;
    throw error;
  });
  const { purify, serialize } = await purifier;
  const fragment = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ["style", "foreignObject"],
    FORBID_ATTR: ["style"],
    RETURN_DOM_FRAGMENT: true,
  });
  const root = fragment.firstElementChild;
  if (!root || root.namespaceURI !== "http://www.w3.org/2000/svg" || root.localName !== "svg") return null;
  if (fragment.childElementCount !== 1) return null;
  return serialize(root);
}
