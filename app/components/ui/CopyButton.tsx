import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "./Button";
import { styled } from "./stitches.config";

/** How long 已复制 shows. */
const COPIED_MS = 2000;

const Said = styled("span", { fontSize: "$sm", color: "$mutedText", marginLeft: "$1" });

/**
 * Writes a text to the clipboard; `load` fetches it first. The fetched text goes in as a ClipboardItem whose
 * content is still loading, so the write keeps the press's user activation (Safari needs it), else after the fetch.
 */
async function copyToClipboard(text: string | undefined, load: (() => Promise<string>) | undefined) {
  if (text !== undefined) return navigator.clipboard.writeText(text);
  if (!load) throw new Error("nothing to copy");
  if (typeof ClipboardItem !== "undefined" && navigator.clipboard.write) {
    const blob = load().then((loaded) => new Blob([loaded], { type: "text/plain" }));
    return navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })]);
  }
  return navigator.clipboard.writeText(await load());
}

/**
 * A 复制 button: JavaScript only (without it there is no button, and the text beside it is selectable). `text` is
 * copied as it is; `load` fetches what to copy when pressed (a password the page does not carry). Says 已复制 or,
 * when the browser refuses, 复制失败, 请手动复制.
 */
export function CopyButton({
  text,
  load,
  label,
  name,
}: {
  text?: string;
  load?: () => Promise<string>;
  /** The button's text, e.g. 复制. */
  label: string;
  /** What it copies, for its accessible name (复制 SSH 命令). */
  name: string;
}) {
  const hydrated = useHydrated();
  const [said, setSaid] = useState<"" | "copied" | "failed">("");
  useEffect(() => {
    if (said !== "copied") return;
    const timer = setTimeout(() => setSaid(""), COPIED_MS);
    return () => clearTimeout(timer);
  }, [said]);
  if (!hydrated) return null;
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        aria-label={`${label}${name}`}
        onClick={() => {
          setSaid("");
          copyToClipboard(text, load).then(
            () => setSaid("copied"),
            () => setSaid("failed"),
          );
        }}
      >
        {label}
      </Button>
      {/* A live region, not role=status: the page's toast is its status. */}
      <Said aria-live="polite" data-testid="copy-said">
        {said === "copied" ? "已复制" : said === "failed" ? "复制失败，请手动复制" : ""}
      </Said>
    </>
  );
}
